import { create } from 'zustand';

/**
 * The sign-in dialog's one state, and the one way to ask for it: the header's button, a panel's
 * "Sign in to trade", and the session guard (token expired, or a 401) all call `request`; the dialog
 * renders `dialog` and calls `close()`. `reauth` says the session ended under the trader's hands.
 */
interface SignInRequestState {
  dialog: { open: boolean; reason: string | null; reauth: boolean };
  request: (reason?: string | null, options?: { reauth?: boolean }) => void;
  close: () => void;
}

const CLOSED = { open: false, reason: null, reauth: false } as const;

export const useSignInRequest = create<SignInRequestState>((set) => ({
  dialog: CLOSED,
  request: (reason = null, { reauth = false } = {}) => set({ dialog: { open: true, reason, reauth } }),
  close: () => set({ dialog: CLOSED }),
}));
