import { useMutation, useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast, type ToastInput } from '../../components/toast/toasts';
import { ApiError } from '../../lib/api-client';
import { checkAccess, checkAccessKey, grantAccess, type CheckAccessResponse } from '../../lib/api/access';
import { forgetViewer, signedInState } from '../../lib/viewer';
import { accessTexts, throttledDescription } from './access-texts';
import { clearAccessFlags, readAccessFlag, setAccessFlags } from './access-flags';
import { revokeAccess } from './revoke-access';
import type { GrantAccessResponse } from '@mb/contracts/types/wire/grant-access-response';

/** 'failed': the server could not be asked (offline, server error); nothing is assumed either way. */
export type AccessStatus = 'checking' | 'granted' | 'denied' | 'failed';

export type AccessCheck = { status: AccessStatus; retry: () => void };

/**
 * Asks the server whether this browser holds access. A cached answer shows at once while every page
 * asks again; the browser flag is read first only to be brought in line with the server's answer.
 */
export function useAccess(persistFlag = false): AccessCheck {
  const query = useQuery<CheckAccessResponse>({
    queryKey: checkAccessKey,
    queryFn: ({ signal }) => checkAccess({ signal }),
    refetchOnMount: 'always',
  });
  const authorized = query.data?.authorized;

  useEffect(() => {
    if (authorized === false) {
      if (readAccessFlag()) clearAccessFlags();
    } else if (authorized === true) {
      setAccessFlags(persistFlag);
    }
  }, [authorized, persistFlag]);

  const status: AccessStatus =
    authorized === undefined ? (query.isError ? 'failed' : 'checking') : authorized ? 'granted' : 'denied';
  return { status, retry: () => void query.refetch() };
}

const isAccessCheck = (query: Query) => query.queryKey[0] === checkAccessKey[0];

/**
 * Once people are configured, what the server answers depends on who is signed in (their chats, the
 * agents meant for them): another person's answers are dropped, and those on screen are asked again
 * before the gates open, so nobody sees what the last person saw.
 */
async function forgetOthersAnswers(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ predicate: (query) => !isAccessCheck(query) && query.getObserversCount() === 0 });
  await queryClient.invalidateQueries({ predicate: (query) => !isAccessCheck(query) });
}

/** A 200 answer that still says no: treated like a wrong code. */
class PasscodeRefused extends Error {}

type GrantFailure = 'wrongCode' | 'throttled' | 'failed';

const failureByStatus: Partial<Record<number, GrantFailure>> = {
  400: 'wrongCode',
  401: 'wrongCode',
  403: 'wrongCode',
  429: 'throttled',
};

function classify(error: unknown): GrantFailure {
  if (error instanceof PasscodeRefused) return 'wrongCode';
  if (error instanceof ApiError) return failureByStatus[error.status] ?? 'failed';
  return 'failed';
}

const failureToasts: Record<GrantFailure, (error: unknown) => ToastInput> = {
  wrongCode: () => ({ ...accessTexts.wrongCode, variant: 'destructive' }),
  throttled: (error) => ({
    ...accessTexts.throttled,
    description: throttledDescription(error instanceof ApiError ? error.retryAfterSeconds : null),
    variant: 'destructive',
  }),
  failed: () => ({ ...accessTexts.failed, variant: 'destructive' }),
};

export type GrantOptions = {
  /** Description of the 'Access Granted' toast. */
  welcome: string;
  /** Also keep the browser flag in localStorage. */
  persistFlag: boolean;
};

/**
 * Sends a code to the server. On success the flags are set and the access check is asked again, so
 * every gate on the page opens without a reload; the mutation stays pending until it has.
 */
export function useGrantAccess({ welcome, persistFlag }: GrantOptions) {
  const queryClient = useQueryClient();
  return useMutation<GrantAccessResponse, unknown, string>({
    mutationFn: async (passcode: string) => {
      const answer = await grantAccess(passcode.trim());
      if (!answer.success) throw new PasscodeRefused();
      return answer;
    },
    onSuccess: async (answer) => {
      setAccessFlags(persistFlag);
      toast({ ...accessTexts.granted, description: welcome });
      // A viewer is named only once people are configured; without them nothing else changes.
      if (answer.viewer) await forgetOthersAnswers(queryClient);
      await queryClient.invalidateQueries({ queryKey: checkAccessKey });
    },
    onError: (error) => {
      toast(failureToasts[classify(error)](error));
    },
  });
}

/** Whether a failed grant was refused for its code (as opposed to a failure to ask). */
export function isRefusedCode(error: unknown): boolean {
  return classify(error) !== 'failed';
}

/** Signs this browser out: the cookie goes, the flags go, and the gates close again. */
export function useRevokeAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAccess,
    onSettled: async () => {
      const { people } = signedInState();
      clearAccessFlags();
      forgetViewer();
      await queryClient.invalidateQueries({ queryKey: checkAccessKey });
      // The gates are closed: what the person saw is dropped, or asked again by whoever signs in next.
      if (people) {
        queryClient.removeQueries({ predicate: (query) => !isAccessCheck(query) && query.getObserversCount() === 0 });
        await queryClient.invalidateQueries({ predicate: (query) => !isAccessCheck(query), refetchType: 'none' });
      }
    },
  });
}
