import { useAtom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/**
 * The OpenAI key a user typed in, kept only in this tab (sessionStorage) and sent only as the
 * X-OpenAI-Key header of the calls that need it. The server never stores it.
 */
export const modelKeyStorageName = 'openai-api-key';

const modelKeyAtom = atomWithStorage<string | null>(
  modelKeyStorageName,
  null,
  createJSONStorage(() => sessionStorage),
  { getOnInit: true },
);

/** The user's key (null when none was entered) and a setter that also persists or clears it. */
export function useModelKey(): [string | null, (key: string | null) => void] {
  return useAtom(modelKeyAtom);
}
