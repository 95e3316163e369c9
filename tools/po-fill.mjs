// Fills a catalogue's missing translations from JSON files of { "English message": "translation" }
// (the message as the .po file's msgid shows it, ICU placeholders included; a message with a context
// is keyed "[its msgctxt] message" or "msgctxt\u0004message"), then lists what is still missing. Usage: node tools/po-fill.mjs src/locales/zh-CN/shell.po translations/*.json
import { readFileSync, writeFileSync } from 'node:fs';
import PO from 'pofile';

const [catalogue, ...sources] = process.argv.slice(2);
if (!catalogue) throw new Error('usage: po-fill.mjs <catalogue.po> <translations.json>...');
const words = Object.assign({}, ...sources.map((f) => JSON.parse(readFileSync(f, 'utf8'))));
const po = PO.parse(readFileSync(catalogue, 'utf8'));
let filled = 0;
const missing = [];
for (const item of po.items) {
  const have = item.msgstr.join('') !== '';
  const given = item.msgctxt ? (words[`[${item.msgctxt}] ${item.msgid}`] ?? words[`${item.msgctxt}\u0004${item.msgid}`]) : words[item.msgid];
  if (given !== undefined && given !== item.msgstr[0]) {
    item.msgstr = [given];
    filled += 1;
  } else if (!have) missing.push(item.msgctxt ? `[${item.msgctxt}] ${item.msgid}` : item.msgid);
}
writeFileSync(catalogue, po.toString().replace(/\n*$/, '\n'));
console.log(`${catalogue}: ${filled} filled, ${missing.length} missing`);
for (const m of missing) console.log(`  missing: ${JSON.stringify(m)}`);
