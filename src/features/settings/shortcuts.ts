/** Every key the app answers to, as the help overlay (`?`) and the README list them. */
export interface Shortcut {
  keys: string[];
  does: string;
}

export interface ShortcutGroup {
  title: string;
  /** Whether the settings switch "Keyboard shortcuts" turns this group off. */
  switchable: boolean;
  shortcuts: Shortcut[];
}

export const SHORTCUT_GROUPS: ShortcutGroup[] = [
  {
    title: 'Anywhere on the trade page (not while typing in a field)',
    switchable: true,
    shortcuts: [
      { keys: ['B'], does: 'Order form side: Buy / Long' },
      { keys: ['S'], does: 'Order form side: Sell / Short' },
      { keys: ['F'], does: 'Go to the order form (its order type), as the “Skip to order form” link' },
      { keys: ['P'], does: 'Go to the account’s Positions tab' },
      { keys: ['O'], does: 'Go to the account’s Open orders tab' },
      { keys: ['?'], does: 'Show this list' },
    ],
  },
  {
    title: 'In the order form',
    switchable: true,
    shortcuts: [
      { keys: ['Enter'], does: 'Send the order (asks first if a confirmation is on)' },
      { keys: ['Esc'], does: 'Clear what was typed (keeps side and order type)' },
    ],
  },
  {
    title: 'Lists, menus and dialogs (always on)',
    switchable: false,
    shortcuts: [
      { keys: ['↑', '↓'], does: 'Market picker: move through the markets' },
      { keys: ['Enter'], does: 'Market picker: open the highlighted market' },
      { keys: ['←', '→', 'Home', 'End'], does: 'Tabs and choices: move and pick' },
      { keys: ['Esc'], does: 'Close a dialog, this list, the market picker or a position editor' },
      { keys: ['Enter'], does: 'Open orders, modify editor: save (cancel and replace)' },
      { keys: ['Esc'], does: 'Modify editor, or dragging an order line on the chart: drop it, nothing is sent' },
    ],
  },
];
