import { describe, expect, it } from 'vitest';
import { withdrawContractAbi } from '../../src/api/withdraw-contract';
import { depositVaultAbi, dusdAbi, withdrawBridgeAbi } from './abis';
import { compileContracts } from './compile';

/**
 * ABI items as order-independent canonical strings, ignoring solc's internalType annotations and the
 * defaults it writes out (`anonymous: false`, `indexed: false`, empty names) that `parseAbi` leaves out.
 */
function canonical(abi: readonly unknown[]): string[] {
  const normalize = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(normalize);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key, v]) => key !== 'internalType' && !((key === 'anonymous' || key === 'indexed') && v === false) && !(key === 'name' && v === ''))
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, v]) => [key, normalize(v)]),
      );
    }
    return value;
  };
  return abi.map((item) => JSON.stringify(normalize(item))).sort();
}

describe('compileContracts', () => {
  const compiled = compileContracts();

  it('produces deployable bytecode for every contract', () => {
    for (const contract of Object.values(compiled)) expect(contract.bytecode).toMatch(/^0x(?:[0-9a-f]{2})+$/);
  });

  it('caches per process', () => {
    expect(compileContracts()).toBe(compiled);
  });

  it('matches the hand-written typed ABIs exactly', () => {
    expect(canonical(dusdAbi)).toEqual(canonical(compiled.DUSD.abi));
    expect(canonical(depositVaultAbi)).toEqual(canonical(compiled.DepositVault.abi));
    expect(canonical(withdrawBridgeAbi)).toEqual(canonical(compiled.WithdrawBridge.abi));
  });

  it('implements the app-facing withdraw ABI of src/api', () => {
    const bridge = canonical(compiled.WithdrawBridge.abi);
    for (const item of canonical(withdrawContractAbi)) expect(bridge).toContain(item);
  });
});
