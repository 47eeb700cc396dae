/**
 * Waiting for a membership to show: after paying, the webhook records it and the session's tier follows a
 * moment later. These hooks read the session again until it shows Toko+ (the header's badge follows), and
 * say when to stop waiting.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { refreshSession, sessionQueryOptions, useSession } from '../../lib/session';
import { ACTIVATION_GIVE_UP_MS, ACTIVATION_POLL_MS } from './plans';

/**
 * Reads the session every poll while `waiting`, signed in and not yet showing Toko+; once it shows Toko+,
 * every other read is refreshed.
 */
export function useSessionUntilSubscriber(waiting: boolean) {
  const session = useSession();
  const queryClient = useQueryClient();
  const poll = waiting && session.isSignedIn && !session.isSubscriber;
  useQuery({ ...sessionQueryOptions(), refetchInterval: poll ? ACTIVATION_POLL_MS : false });
  // Prices, access and exclusive content all change with the tier.
  useEffect(() => {
    if (session.isSubscriber && waiting) void refreshSession(queryClient);
  }, [session.isSubscriber, waiting, queryClient]);
  return session;
}

/** True after `ms` from the first render, or from the last `restart()`. */
export function useTimePassed(ms: number): { passed: boolean; restart: () => void } {
  const [round, setRound] = useState(0);
  // Which wait (its length and round) has run out: a new one has not, without resetting anything.
  const wait = `${ms}:${round}`;
  const [ranOut, setRanOut] = useState<string | null>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => setRanOut(wait), ms);
    return () => window.clearTimeout(timer);
  }, [ms, wait]);
  return { passed: ranOut === wait, restart: () => setRound((value) => value + 1) };
}

/** Activation is given up on after 5 minutes: it takes no longer, so the page says something went wrong. */
export const useActivationDeadline = () => useTimePassed(ACTIVATION_GIVE_UP_MS);
