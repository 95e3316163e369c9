export const DEFAULT_SYMBOL = 'BTC-USD';
