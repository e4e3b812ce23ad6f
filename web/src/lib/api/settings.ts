import { apiPath } from '@mb/contracts/api-paths';
import type { SettingsResponse } from '@mb/contracts/types/wire/settings-response';

export const settingsKey = [apiPath('settings')] as const;
export type { SettingsResponse };
