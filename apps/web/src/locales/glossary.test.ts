import { describe, expect, it } from 'vitest';
import en from './en.json';
import glossary from './glossary.json';
import my from './my.json';
import zh from './zh.json';

type Tree = { [key: string]: string | Tree };
type Language = 'zh' | 'my';
interface Term {
  en: string;
  zh: string;
  my: string;
  avoid: Partial<Record<Language, string[]>>;
}

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

/** A text without its {{placeholders}}: a value's name is not a word of the language. */
const words = (text: string) => text.replace(/\{\{\s*\w+\s*\}\}/g, '');
const pattern = (source: string) => new RegExp(source, 'iu');

const english = leaves(en);
const texts: Record<Language, Map<string, string>> = { zh: leaves(zh), my: leaves(my) };
const terms = glossary.terms as Term[];

/** Every text of `language` that breaks the glossary, as `key: text (why)`. */
export function glossaryProblems(
  language: Language,
  source: Map<string, string>,
  translated: Map<string, string>,
): string[] {
  const problems: string[] = [];
  for (const term of terms) {
    const required = term[language];
    for (const [key, text] of translated) {
      for (const avoided of term.avoid[language] ?? []) {
        if (pattern(avoided).test(words(text))) problems.push(`${key}: ${text} (not “${avoided}”)`);
      }
      const original = source.get(key);
      if (!required || !original || !pattern(term.en).test(words(original))) continue;
      if (!pattern(required).test(words(text))) {
        problems.push(`${key}: ${text} (“${term.en}” is “${required}”)`);
      }
    }
  }
  return problems;
}

describe('glossary: one word per term in each language', () => {
  for (const language of ['zh', 'my'] as const) {
    it(`${language} uses the glossary's word wherever English names the term`, () => {
      expect(glossaryProblems(language, english, texts[language])).toEqual([]);
    });
  }

  it('flags a term translated two ways', () => {
    const source = new Map([
      ['a', 'Service fee'],
      ['b', 'Service fee ({{rate}})'],
    ]);
    const translated = new Map([
      ['a', 'Caj perkhidmatan'],
      ['b', 'Yuran perkhidmatan ({{rate}})'],
    ]);
    expect(glossaryProblems('my', source, translated)).toEqual([
      'b: Yuran perkhidmatan ({{rate}}) (not “yuran perkhidmatan”)',
      'b: Yuran perkhidmatan ({{rate}}) (“service fee” is “caj perkhidmatan”)',
    ]);
  });
});
