import type { SettingsResponse } from '../../../../schemas/types/wire/settings-response';

export const settingsKey = ['/api/settings'] as const;
export type { SettingsResponse };
