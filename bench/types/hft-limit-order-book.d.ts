// hft-limit-order-book@7.0.2 points "types" at a file it does not ship (dist/types/index.d.js);
// its declarations are at dist/types/index.d.ts.
declare module 'hft-limit-order-book' {
  export * from 'hft-limit-order-book/dist/types/index';
}
