// The settings page shows texts of the shared contract through t() of their English (settings-texts.ts): each one
// needs a msg() entry there, word for word, and an Arabic text in locales/ar/admin.desk.json, or Arabic readers would
// see it in English. The table is read as source (as the i18n check reads it), since the client's i18n runtime
// needs the build's virtual catalogs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SETTINGS, SETTINGS_MSG, SETTING_NAMES, type SettingDefinition } from '@app/contract';

const DIR = path.dirname(fileURLToPath(import.meta.url));
const TABLE = path.join(DIR, 'settings-texts.ts');
const CATALOG = path.join(DIR, '../../locales/ar/admin.desk.json');

/** The string ids of every msg('…') call of the table's source. */
function msgIds(file: string): Set<string> {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const ids = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.getText(sf) === 'msg') {
      const arg = node.arguments[0];
      if (arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg))) ids.add(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return ids;
}

const ids = msgIds(TABLE);
const arabic = JSON.parse(readFileSync(CATALOG, 'utf8')) as Record<string, string>;
const AMOUNT_ID = '{label} must be 0 or an amount with at most 2 decimals, up to 1,000,000.00';

/** What the form shows for a wrong value of each setting: the first message of its schema. */
function rejectionOf(name: (typeof SETTING_NAMES)[number]): string | undefined {
  const parsed = SETTINGS[name].schema.safeParse('@@ not a valid value @@');
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('settings texts of the contract, translatable on the settings page', () => {
  it('reads the table (the scan works)', () => {
    expect(ids.size).toBeGreaterThan(20);
  });

  it('has a msg() entry, with Arabic, for every label, help and choice of every setting', () => {
    const missing: string[] = [];
    for (const name of SETTING_NAMES) {
      const def: SettingDefinition = SETTINGS[name];
      for (const text of [def.label, def.help, ...(def.choices ?? [])]) {
        if (!ids.has(text)) missing.push(`${name}: "${text}" has no msg() entry in settings-texts.ts`);
        else if (!arabic[text]) missing.push(`${name}: "${text}" has no Arabic in admin.desk.json`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has a msg() entry, with Arabic, for the message each setting gives a wrong value, and for "nothing changed"', () => {
    const missing: string[] = [];
    for (const name of SETTING_NAMES) {
      const message = rejectionOf(name);
      if (message === undefined) {
        missing.push(`${name}: accepted a wrong value, so its message could not be read`);
        continue;
      }
      const def: SettingDefinition = SETTINGS[name];
      // Amounts share one message with the setting's label in it.
      const id = def.kind === 'amount' && message === SETTINGS_MSG.amount(def.label) ? AMOUNT_ID : message;
      if (!ids.has(id)) missing.push(`${name}: "${id}" has no msg() entry in settings-texts.ts`);
      else if (!arabic[id]) missing.push(`${name}: "${id}" has no Arabic in admin.desk.json`);
    }
    // The shared amount message is the contract's, word for word, with {label} where the label goes.
    if (SETTINGS_MSG.amount('{label}') !== AMOUNT_ID || !ids.has(AMOUNT_ID) || !arabic[AMOUNT_ID]) missing.push(`"${AMOUNT_ID}"`);
    if (!ids.has(SETTINGS_MSG.unchanged) || !arabic[SETTINGS_MSG.unchanged]) missing.push(`"${SETTINGS_MSG.unchanged}"`);
    expect(missing).toEqual([]);
  });
});
