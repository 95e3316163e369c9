import { create } from 'zustand';

/**
 * The seam between "Sign in to trade" buttons and whichever sign-in dialog the app mounts: panels
 * ask, the dialog listens to `requested` and calls `close()`.
 */
interface SignInRequestState {
  requested: boolean;
  reason: string | null;
  request: (reason?: string) => void;
  close: () => void;
}

export const useSignInRequest = create<SignInRequestState>((set) => ({
  requested: false,
  reason: null,
  request: (reason) => set({ requested: true, reason: reason ?? null }),
  close: () => set({ requested: false, reason: null }),
}));
