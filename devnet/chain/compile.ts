/**
 * Compiles devnet/contracts with the `solc` npm package in-process. `hardhat compile` would try
 * to download a compiler, which this sandbox cannot do; the npm build is pinned by package-lock,
 * so bytecode, and with it every deployed address, is reproducible.
 *
 * Loading soljson and compiling with the optimizer takes ~3 s, so the output is cached in memory
 * per process and on disk in the OS temp dir, keyed by a hash of the exact compiler input and
 * compiler version: an edited source or a new solc is a cache miss, never a stale artifact.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

export const CONTRACTS_DIR = fileURLToPath(new URL('../contracts/', import.meta.url));

/** Contracts the devnet deploys; the other sources are internal libraries. */
export const CONTRACT_NAMES = ['DUSD', 'DepositVault', 'WithdrawBridge'] as const;
export type ContractName = (typeof CONTRACT_NAMES)[number];

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}
export type CompiledContracts = Record<ContractName, CompiledContract>;

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

interface Solc {
  compile(input: string): string;
}

const require = createRequire(import.meta.url);
const SOLC_VERSION = (require('solc/package.json') as { version: string }).version;
const CACHE_DIR = join(tmpdir(), 'perps-devnet-solc');

let cached: CompiledContracts | undefined;

/** Standard-JSON input for every .sol file in the contracts folder. */
function standardInput(): string {
  const sources: Record<string, { content: string }> = {};
  for (const file of readdirSync(CONTRACTS_DIR).filter((f) => f.endsWith('.sol')).sort()) {
    sources[file] = { content: readFileSync(join(CONTRACTS_DIR, file), 'utf8') };
  }
  return JSON.stringify({
    language: 'Solidity',
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      // Pinned so a compiler whose default target differs cannot silently change the bytecode.
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  });
}

function runSolc(input: string): CompiledContracts {
  // Required lazily: loading soljson alone costs ~0.7 s, wasted on a cache hit.
  const solc = require('solc') as Solc;
  const output = JSON.parse(solc.compile(input)) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const result = {} as CompiledContracts;
  for (const name of CONTRACT_NAMES) {
    const unit = output.contracts?.[`${name}.sol`]?.[name];
    if (!unit) throw new Error(`solc produced no ${name} (expected ${name}.sol to define contract ${name})`);
    result[name] = { abi: unit.abi, bytecode: `0x${unit.evm.bytecode.object}` };
  }
  return result;
}

function readDiskCache(file: string): CompiledContracts | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as CompiledContracts;
  } catch {
    return undefined;
  }
}

function writeDiskCache(file: string, contracts: CompiledContracts): void {
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    // Write-then-rename: parallel test workers may compile at once and must never read half a file.
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify(contracts));
    renameSync(partial, file);
  } catch {
    // The cache is only an optimisation; an unwritable temp dir just means compiling next time.
  }
}

/** The compiled contracts; throws with solc's own messages on any compile error. */
export function compileContracts(): CompiledContracts {
  if (cached) return cached;
  const input = standardInput();
  const key = createHash('sha256').update(SOLC_VERSION).update('\0').update(input).digest('hex');
  const file = join(CACHE_DIR, `${key}.json`);
  cached = readDiskCache(file);
  if (!cached) {
    cached = runSolc(input);
    writeDiskCache(file, cached);
  }
  return cached;
}
