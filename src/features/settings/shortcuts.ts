import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** A key as the list shows it: a letter, an arrow or a key's name, never translated. */
export type ShortcutKey = 'B' | 'S' | 'F' | 'P' | 'O' | '?' | 'Shift+1' | 'Shift+2' | 'Shift+3' | 'Shift+R' | 'Enter' | 'Esc' | '↑' | '↓' | '←' | '→' | 'Home' | 'End' | 'Alt+click' | 'Tab' | 'Delete';

/** Every key the app answers to, as the help overlay (`?`) and the README list them. */
export interface Shortcut {
  keys: ShortcutKey[];
  does: MessageDescriptor;
}

export interface ShortcutGroup {
  title: MessageDescriptor;
  /** Whether the settings switch "Keyboard shortcuts" turns this group off. */
  switchable: boolean;
  shortcuts: Shortcut[];
}

export const SHORTCUT_GROUPS: ShortcutGroup[] = [
  {
    title: msg`Anywhere on the trade page (not while typing in a field)`,
    switchable: true,
    shortcuts: [
      { keys: ['B'], does: msg`Order form side: Buy / Long` },
      { keys: ['S'], does: msg`Order form side: Sell / Short` },
      { keys: ['F'], does: msg`Go to the order form (its order type), as the “Skip to order form” link` },
      { keys: ['P'], does: msg`Go to the account’s Positions tab` },
      { keys: ['O'], does: msg`Go to the account’s Open orders tab` },
      { keys: ['?'], does: msg`Show this list` },
    ],
  },
  {
    title: msg`On the selected position: the Positions row with the focus, else the position in the market shown (at market; asks first if market orders are confirmed)`,
    switchable: true,
    shortcuts: [
      { keys: ['Shift+1'], does: msg`Close 25 % (reduce-only)` },
      { keys: ['Shift+2'], does: msg`Close 50 % (reduce-only)` },
      { keys: ['Shift+3'], does: msg`Close 100 % (cancels the reduce-only orders that block it)` },
      { keys: ['Shift+R'], does: msg`Reverse: close it and open the opposite position of the same size` },
    ],
  },
  {
    title: msg`In the order form`,
    switchable: true,
    shortcuts: [
      { keys: ['Enter'], does: msg`Send the order (asks first if a confirmation is on)` },
      { keys: ['Esc'], does: msg`Clear what was typed (keeps side and order type)` },
    ],
  },
  {
    title: msg`Lists, menus and dialogs (always on)`,
    switchable: false,
    shortcuts: [
      { keys: ['↑', '↓'], does: msg`Market picker: move through the markets` },
      { keys: ['Enter'], does: msg`Market picker: open the highlighted market` },
      { keys: ['←', '→', 'Home', 'End'], does: msg`Tabs and choices: move and pick` },
      { keys: ['Esc'], does: msg`Close a dialog, this list, the market picker or a position editor` },
      { keys: ['Enter'], does: msg`Open orders, modify editor: save (cancel and replace)` },
      { keys: ['Esc'], does: msg`Modify editor, or dragging an order line on the chart: drop it, nothing is sent` },
      { keys: ['Alt+click'], does: msg`On the price chart: that price into the order form's limit price (Option+click on a Mac)` },
      { keys: ['↑', '↓', '←', '→', 'Enter'], does: msg`Price chart, a drawing tool chosen: move the cursor a tick or a bar (×10 with Shift); Enter places a point` },
      { keys: ['Tab', 'Delete', 'Esc'], does: msg`Price chart: Tab selects a drawing, the arrows move it, Delete removes it, Esc lets go` },
    ],
  },
];
