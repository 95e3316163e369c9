// The devnet's audit: the engine's audit of named accounts (engine/audit.ts) plus the bridge's book of
// withdraw requests tied to the engine's reservations — each request Pending with its amount reserved,
// Confirmed with it paid out exactly once, or Expired with it released exactly once, and no
// reservation without a request. The chain side (deposits credited = what the vault received,
// withdrawals confirmed = what the bridge paid) is chain/chain-audit.ts; it needs a running chain.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AuditReport } from './engine';
import { openLedgerCopy, type Ledger } from './persistence/ledger';

const STATE_OF = { Pending: 'pending', Confirmed: 'settled', Expired: 'released' } as const;

export function auditLedger(ledger: Ledger): AuditReport {
  const report = ledger.exchange.audit();
  const problems = [...report.problems];
  const reservations = new Map(ledger.exchange.withdrawReservations().map((r) => [r.ref, r]));
  for (const rec of ledger.withdrawals.records) {
    const r = reservations.get(rec.id);
    reservations.delete(rec.id);
    if (r === undefined) {
      problems.push(`withdraw ${rec.id} (${rec.status}) has no reservation in the exchange`);
      continue;
    }
    if (r.user !== rec.account || r.amount !== rec.amount) {
      problems.push(`withdraw ${rec.id}: reserved ${r.amount} for ${r.user}, the bridge says ${rec.amount} for ${rec.account}`);
    }
    if (STATE_OF[rec.status] !== r.state) problems.push(`withdraw ${rec.id} is ${rec.status} at the bridge but ${r.state} in the exchange`);
  }
  for (const r of reservations.values()) problems.push(`reservation ${r.ref} (${r.amount} for ${r.user}) has no bridge request`);
  const ok = problems.length === 0;
  return { ...report, ok, problems, detail: ok ? `${report.detail}; ${ledger.withdrawals.records.length} withdraw requests tie out` : problems.join('; ') };
}

/** Audits a devnet data dir without touching it: a copy is opened as a restart would and audited. */
export function auditDataDir(dataDir: string): AuditReport {
  if (!existsSync(join(dataDir, 'genesis.json'))) throw new Error(`${dataDir} is not a devnet data dir (no genesis.json)`);
  return auditLedger(openLedgerCopy(dataDir));
}
