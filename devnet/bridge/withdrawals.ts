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
  createdAt: string;
  updatedAt: string;
}

/** The bridge's book of withdraw requests and per-caller nonces; plain data so it snapshots as JSON. */
export class Withdrawals {
  records: WithdrawRecord[] = [];
  lastNonce: Record<string, number> = {};
  seq = 0;

  nextNonce(caller: string): number {
    return (this.lastNonce[caller.toLowerCase()] ?? 0) + 1;
  }

  add(r: WithdrawRecord): void {
    this.records.push(r);
    this.lastNonce[r.caller.toLowerCase()] = r.nonce;
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
