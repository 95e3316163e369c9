/**
 * Checks the exchange's books against the chain (issue #13): what the ledger credited and paid must
 * be exactly what the canonical chain shows, up to the block the indexer has processed.
 *
 * Deposits. On the chain: every DUSD `Transfer` to the vault in blocks 0 ..= the ledger's indexed
 * cursor (`chainCursor.fromBlock − 1`), except those the indexer never credits: mints straight
 * into the vault (`from` = 0x0) and transfers below MIN_DEPOSIT (0.5 DUSD). Each gets the
 * indexer's ref (chainId:genesis:txHash:ordinal of the transfer among the tx's vault transfers).
 * In the ledger: every chain credit of this chain instance (ref prefix chainId:genesis) not
 * reversed. They must be the same set, with the same sender account and amount, so the totals
 * (credited net of reversals = received from credited senders) agree. Credits of earlier chain
 * instances (another genesis) are not this chain's business and are skipped.
 *
 * Withdrawals. On the chain: every bridge `MessageReq` up to the same block. Every withdraw
 * record of this bridge contract is either Pending (and no MessageReq for its caller + nonce is
 * indexed yet), Confirmed exactly once (one MessageReq for its caller + nonce, with its token,
 * its net amount = token_amount − fee, and its dstTx), or Expired with no MessageReq for its
 * caller + nonce. Every MessageReq must belong to a Confirmed record, so Σ net amounts of
 * Confirmed records = Σ paid by MessageReq. Confirmed records seen on another chain instance
 * (`dstGenesis` differs) are skipped.
 */
import { parseUnits, type Address } from 'viem';
import type { Ledger } from '../persistence/ledger';
import { devnetPublicClient } from './clients';
import { messageReqEvent, MIN_DEPOSIT, transferEvent } from './indexer';

const ZERO = '0x0000000000000000000000000000000000000000';

export interface ChainAuditOptions {
  ledger: Ledger;
  rpcUrl: string;
  chainId: number;
  token: Address;
  vault: Address;
  bridge: Address;
}

export interface ChainAudit {
  ok: boolean;
  problems: string[];
  detail: string;
}

const fmt = (wei: bigint) => {
  const s = wei.toString().padStart(19, '0');
  const frac = s.slice(-18).replace(/0+$/, '');
  return `${s.slice(0, -18)}${frac ? `.${frac}` : ''}`;
};

export async function auditChain(o: ChainAuditOptions): Promise<ChainAudit> {
  const client = devnetPublicClient(o.rpcUrl, o.chainId);
  const problems: string[] = [];
  const genesis = (await client.getBlock({ blockNumber: 0n })).hash;
  const cursor = o.ledger.chainCursor;
  if (!cursor || cursor.genesisHash !== genesis) {
    return { ok: false, problems: ['the ledger has no indexer cursor on this chain instance'], detail: `genesis ${genesis}` };
  }
  const upTo = BigInt(cursor.fromBlock) - 1n;
  if (upTo < 0n) return { ok: true, problems, detail: 'nothing indexed yet' };

  // ---- deposits -------------------------------------------------------------------------------
  const transfers = await client.getLogs({ address: o.token, event: transferEvent, args: { to: o.vault }, fromBlock: 0n, toBlock: upTo });
  transfers.sort((a, b) => (a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1));
  const ordinals = new Map<string, number>();
  const onChain = new Map<string, { user: string; amount: bigint }>();
  for (const log of transfers) {
    const n = ordinals.get(log.transactionHash) ?? 0;
    ordinals.set(log.transactionHash, n + 1);
    const { from, value } = log.args;
    if (from === undefined || value === undefined || from === ZERO || value < MIN_DEPOSIT) continue;
    onChain.set(`${o.chainId}:${genesis}:${log.transactionHash}:${n}`, { user: `bsc_${from.toLowerCase()}`, amount: value });
  }
  const prefix = `${o.chainId}:${genesis}:`;
  let credited = 0n;
  let reversed = 0n;
  const active = new Map<string, { user: string; amount: bigint; block: bigint }>();
  for (const [ref, d] of Object.entries(o.ledger.chainDeposits)) {
    if (!ref.startsWith(prefix)) continue;
    const amount = parseUnits(d.amount, 18);
    if (d.reversed) {
      reversed += amount;
      continue;
    }
    credited += amount;
    active.set(ref, { user: d.user, amount, block: BigInt(d.block) });
  }
  let received = 0n;
  for (const [ref, c] of onChain) {
    received += c.amount;
    const d = active.get(ref);
    if (!d) problems.push(`deposit ${ref} (${fmt(c.amount)} DUSD from ${c.user}) is on the canonical chain but not credited`);
    else if (d.user !== c.user || d.amount !== c.amount) problems.push(`deposit ${ref} credited ${fmt(d.amount)} to ${d.user}, chain says ${fmt(c.amount)} from ${c.user}`);
  }
  for (const [ref, d] of active) {
    if (!onChain.has(ref)) problems.push(`deposit ${ref} (${fmt(d.amount)} DUSD to ${d.user}, block ${d.block}) is credited but not on the canonical chain up to block ${upTo}`);
  }
  if (credited !== received) problems.push(`credited ${fmt(credited)} DUSD ≠ received by the vault from credited senders ${fmt(received)}`);

  // ---- withdrawals ----------------------------------------------------------------------------
  const requests = await client.getLogs({ address: o.bridge, event: messageReqEvent, fromBlock: 0n, toBlock: upTo });
  const key = (caller: string, nonce: bigint | number) => `${caller.toLowerCase()}:${nonce}`;
  const byKey = new Map<string, typeof requests>();
  let paid = 0n;
  for (const log of requests) {
    const { caller, message } = log.args;
    if (caller === undefined || message === undefined) continue;
    paid += message.amount;
    const k = key(caller, message.nonce);
    byKey.set(k, [...(byKey.get(k) ?? []), log]);
  }
  const explained = new Set<string>();
  let confirmedNet = 0n;
  const counts = { Pending: 0, Confirmed: 0, Expired: 0 };
  for (const r of o.ledger.withdrawals.records) {
    if (r.chainId !== o.chainId || r.contractAddress.toLowerCase() !== o.bridge.toLowerCase()) continue;
    if (r.status === 'Confirmed' && r.dstGenesis !== undefined && r.dstGenesis !== genesis) continue;
    counts[r.status]++;
    const k = key(r.caller, r.nonce);
    const logs = byKey.get(k) ?? [];
    const net = parseUnits(r.amount, 18) - parseUnits(r.fee, 18);
    if (r.status === 'Confirmed') {
      confirmedNet += net;
      explained.add(k);
      if (logs.length !== 1) {
        problems.push(`withdraw ${r.id} is Confirmed but ${logs.length} MessageReq exist for ${k}`);
        continue;
      }
      const log = logs[0]!;
      const m = log.args.message!;
      if (m.amount !== net || m.token.toLowerCase() !== r.tokenAddr.toLowerCase()) problems.push(`withdraw ${r.id} is Confirmed for ${fmt(net)} but its MessageReq paid ${fmt(m.amount)} of ${m.token}`);
      if (log.transactionHash !== r.dstTx) problems.push(`withdraw ${r.id} is Confirmed in ${r.dstTx} but its MessageReq is in ${log.transactionHash}`);
    } else if (r.status === 'Expired') {
      if (logs.length > 0) problems.push(`withdraw ${r.id} was refunded (Expired) but the chain has a MessageReq for ${k} in ${logs[0]!.transactionHash}`);
    } else if (logs.length > 0) {
      problems.push(`withdraw ${r.id} is Pending but the chain has an indexed MessageReq for ${k} in ${logs[0]!.transactionHash}`);
    }
  }
  for (const [k, logs] of byKey) {
    if (!explained.has(k)) for (const log of logs) problems.push(`MessageReq in ${log.transactionHash} paid ${fmt(log.args.message!.amount)} DUSD for ${k} without a Confirmed withdraw request`);
  }
  if (confirmedNet !== paid) problems.push(`Confirmed withdrawals ${fmt(confirmedNet)} DUSD ≠ paid by MessageReq ${fmt(paid)}`);

  const detail =
    `up to block ${upTo}: deposits credited ${fmt(credited)} DUSD (${active.size}, ${fmt(reversed)} reversed) vs vault received ${fmt(received)} (${onChain.size}); ` +
    `withdrawals ${counts.Confirmed} confirmed ${fmt(confirmedNet)} vs MessageReq paid ${fmt(paid)} (${requests.length}), ${counts.Pending} pending, ${counts.Expired} expired` +
    (problems.length ? `; problems: ${problems.join('; ')}` : '');
  return { ok: problems.length === 0, problems, detail };
}
