import type { Chain } from '../../src/api/schemas';

export interface SigninFields {
  domain: string;
  uri: string;
  statement: string;
  version: string;
  chainId: number;
  nonce: string;
  address: string;
  requestId: string;
  issuedAt: string;
}

/** The Sign-In-With-Ethereum style text the wallet signs verbatim (decisions.md "Sign-in"). */
export function signinMessage(chain: Chain, f: SigninFields): string {
  const account = chain === 'solana' ? 'Solana' : 'Ethereum';
  return [
    `${f.domain} wants you to sign in with your ${account} account:`,
    f.address,
    '',
    f.statement,
    '',
    `URI: ${f.uri}`,
    `Version: ${f.version}`,
    `Chain ID: ${f.chainId}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${f.issuedAt}`,
    `Request ID: ${f.requestId}`,
  ].join('\n');
}
