// The commands on an open position beyond a plain order, each in its own file: its whole-position
// TP/SL, what blocks its close, the market close that always works, and closing every position.
// decisions.md "TP/SL and position protection" defines them.
export { describeTpsl, isPositionTpslUnsupported, positionTpslBody, setPositionTpsl, type PositionTpslInput, type TpslOutcome } from './set-position-tpsl';
export { blockerLabel, cancelCloseBlockers, closeBlockers } from './close-blockers';
export { marketClose, type CloseResult, type CloseSplit, type MarketCloseInput } from './market-close';
export { closeAllPositions } from './close-all-positions';
