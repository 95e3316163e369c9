import { create } from 'zustand';

/** The sign-in dialog: opened by the button, by "Sign in to trade" requests, or for re-sign-in. */
interface SessionUiState {
  dialog: { open: boolean; reason: string | null; reauth: boolean };
  openDialog: (reason?: string | null, reauth?: boolean) => void;
  closeDialog: () => void;
}

export const useSessionUi = create<SessionUiState>((set) => ({
  dialog: { open: false, reason: null, reauth: false },
  openDialog: (reason = null, reauth = false) => set({ dialog: { open: true, reason, reauth } }),
  closeDialog: () => set({ dialog: { open: false, reason: null, reauth: false } }),
}));
