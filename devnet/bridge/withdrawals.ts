/** ISO 8601 with nanoseconds, as the bridge reports its timestamps. */
export const nanoIso = (ms: number) => new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000000Z');

/** One bridge withdraw request and where it stands (decisions.md: Pending → Confirmed | Expired). */
export interface WithdrawRecord {
  id: string;
  account: string;
  nonce: number;
  status: 'Pending' | 'Confirmed' | 'Expired';
  /** `<chain>_<address>` of the requester and the EVM address that must submit the on-chain call. */
  fromAddr: string;
  caller: string;
  token: string;
  tokenAddr: string;
  amount: string;
  fee: string;
  srcChain: string;
  dstChain: string;
  expiredAt: number;
  chainId: number;
  contractAddress: string;
  signature: string;
  dstTx: string;
  dstBlock: string;
  /** Genesis hash of the chain instance the payout was seen on (absent in older records). */
  dstGenesis?: string;
  createdAt: string;
  updatedAt: string;
}

/** The bridge's book of withdraw requests and per-caller nonces; plain data so it snapshots as JSON. */
export class Withdrawals {
  records: WithdrawRecord[] = [];
  lastNonce: Record<string, number> = {};
  seq = 0;
  /**
   * Nonces handed out to requests still being signed (not state: a reservation that never became a
   * record was never shown to anyone, and the contract only needs nonces to increase).
   */
  private reserved: Record<string, number> = {};

  nextNonce(caller: string): number {
    const c = caller.toLowerCase();
    return Math.max(this.lastNonce[c] ?? 0, this.reserved[c] ?? 0) + 1;
  }

  /**
   * Takes the next nonce for `caller` at once, before any await: two requests signing at the same
   * time (a slow signer) must not share a nonce, or only one of them could ever be executed.
   */
  reserveNonce(caller: string): number {
    const n = this.nextNonce(caller);
    this.reserved[caller.toLowerCase()] = n;
    return n;
  }

  add(r: WithdrawRecord): void {
    this.records.push(r);
    const c = r.caller.toLowerCase();
    // Requests signed concurrently may be recorded out of nonce order: lastNonce never goes back.
    this.lastNonce[c] = Math.max(this.lastNonce[c] ?? 0, r.nonce);
    this.seq++;
  }

  byId(id: string): WithdrawRecord | undefined {
    return this.records.find((r) => r.id === id);
  }

  pendingFor(caller: string, nonce: number): WithdrawRecord | undefined {
    return this.records.find((r) => r.status === 'Pending' && r.caller.toLowerCase() === caller.toLowerCase() && r.nonce === nonce);
  }

  ofAccount(account: string): WithdrawRecord[] {
    return this.records.filter((r) => r.account === account);
  }

  toJSON() {
    return { records: this.records, lastNonce: this.lastNonce, seq: this.seq };
  }

  static fromJSON(o: { records: WithdrawRecord[]; lastNonce: Record<string, number>; seq: number }): Withdrawals {
    const w = new Withdrawals();
    w.records = o.records;
    w.lastNonce = o.lastNonce;
    w.seq = o.seq;
    return w;
  }
}
