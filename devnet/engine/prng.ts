// xoshiro128** seeded by splitmix32: small state (four uint32) that snapshots as
// plain numbers, so a restored exchange continues the exact same random stream.

export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number | readonly number[]) {
    if (typeof seed === 'number') {
      let s = seed >>> 0;
      const next = (): number => {
        s = (s + 0x9e3779b9) >>> 0;
        let z = s;
        z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
        z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
        return (z ^ (z >>> 16)) >>> 0;
      };
      this.a = next();
      this.b = next();
      this.c = next();
      this.d = next();
      if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
    } else {
      this.a = (seed[0] ?? 1) >>> 0;
      this.b = (seed[1] ?? 0) >>> 0;
      this.c = (seed[2] ?? 0) >>> 0;
      this.d = (seed[3] ?? 0) >>> 0;
    }
  }

  u32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = (this.b << 9) >>> 0;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    return result;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Approximately standard normal (Irwin–Hall of 4), deterministic and cheap. */
  normal(): number {
    const s = this.next() + this.next() + this.next() + this.next();
    return (s - 2) * 1.7320508075688772;
  }

  hex(chars: number): string {
    let out = '';
    while (out.length < chars) out += this.u32().toString(16).padStart(8, '0');
    return out.slice(0, chars);
  }

  state(): number[] {
    return [this.a, this.b, this.c, this.d];
  }
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}
