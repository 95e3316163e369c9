/**
 * Listeners of a sync: a new state object at each change, at once for a status change, else at most
 * one every `ms` while a walk runs (a 200-page backfill is not 200 renders).
 */
export class HistoryNotifier<S> {
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private snapshot: S;

  constructor(
    private readonly build: () => S,
    private readonly ms = 200,
  ) {
    this.snapshot = build();
  }

  get state(): S {
    return this.snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(now: boolean): void {
    if (this.closed) return;
    const fire = () => {
      this.timer = null;
      this.snapshot = this.build();
      for (const l of [...this.listeners]) l();
    };
    if (now) {
      if (this.timer) clearTimeout(this.timer);
      fire();
    } else {
      this.timer ??= setTimeout(fire, this.ms);
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.listeners.clear();
  }
}
