import anyAscii from 'any-ascii';
import { pinyin } from 'pinyin-pro';
/**
 * Name normalization for sanctions screening. Two spellings of one name should compare equal
 * ("Banco Nacional de Cuba, S.A." and "BANCO NACIONAL DE CUBA"), so comparison keys are
 * uppercase ASCII words without punctuation, diacritics or trailing legal forms.
 */

/** Trailing legal-form words ("S.A." is "SA" once dots are gone). Dropped only at the end of a
 *  name, so "CO" inside "CO OPERATIVE BANK" stays. */
export const LEGAL_FORMS = new Set([
  'LLC',
  'LLP',
  'LP',
  'LTD',
  'LIMITED',
  'LIABILITY',
  'INC',
  'INCORPORATED',
  'CORP',
  'CORPORATION',
  'CO',
  'COMPANY',
  'PLC',
  'SA',
  'SAS',
  'SARL',
  'SRL',
  'SRO',
  'SPA',
  'SL',
  'SAC',
  'SAU',
  'CV',
  'RL',
  'AG',
  'GMBH',
  'KG',
  'BV',
  'NV',
  'AB',
  'AS',
  'ASA',
  'OY',
  'OYJ',
  'PTE',
  'PTY',
  'BHD',
  'SDN',
  'OOO',
  'OAO',
  'ZAO',
  'PAO',
  'AO',
  'JSC',
  'PJSC',
  'CJSC',
  'OJSC',
  'FZE',
  'FZC',
  'FZCO',
  'FZ',
  'DMCC',
  'WLL',
  'KFT',
  'ZRT',
  'DOO',
  'AD',
]);
/** Words that only join a legal form to the name ("S.A. DE C.V.", "& CO"): dropped with it. */
const JOINERS = new Set(['AND', 'DE', 'Y', 'ET', 'UND']);

/**
 * Non-Latin input in Latin letters, through maintained libraries rather than a hand table:
 * Chinese (Han) through pinyin-pro, which reads each character in its context (polyphones), and
 * every other script (Cyrillic, Arabic, Persian, Hangul, Greek, accented Latin…) through
 * any-ascii. A run of two to four Han characters is a person's name as OFAC writes it: family
 * name, then the given name in one word (陈志 → "Chen Zhi", 李方伟 → "Li Fangwei"). Hangul
 * syllables stay separate words, as OFAC writes Korean given names (김정은 → "Gim Jeong Eun";
 * the romanization variants of fuzzy.ts then meet "KIM Jong Un"). Arabic script has no short
 * vowels, so its output ("mhmd") meets listed spellings by consonant skeleton (fuzzy.ts).
 * Characters neither library knows are dropped, so an unknown script screens as no name.
 */
const HAN = /\p{Script=Han}+/gu;
const HANGUL = /\p{Script=Hangul}+/gu;

/** Russian Е at the start of a word or after a vowel or sign, where BGN/PCGN (the scheme OFAC
 *  writes Russian names in) spells it YE: Евгений → YEVGENIY, not any-ascii's EVGENIY. */
const CYRILLIC_YE = /(^|[^\p{L}]|[аеёиоуыэюяьъАЕЁИОУЫЭЮЯЬЪ])([Ее])/gu;

export function transliterate(raw: string): string {
  if (/^[\x00-\x7f]*$/.test(raw)) return raw;
  // Symbols and emoji are no part of a name (any-ascii would spell 🙂 as "slight smile").
  const ye = raw
    .replace(/[\p{S}\p{Extended_Pictographic}]/gu, ' ')
    .replace(CYRILLIC_YE, (_, before: string, e: string) => `${before}${e === 'Е' ? 'Й' : 'й'}е`);
  const han = ye.replace(HAN, (run) => {
    const syl = pinyin(run, { toneType: 'none', type: 'array', nonZh: 'removed' }).filter(Boolean);
    return ` ${syl.length >= 2 && syl.length <= 4 ? `${syl[0]} ${syl.slice(1).join('')}` : syl.join(' ')} `;
  });
  const hangul = han.replace(HANGUL, (run) => ` ${Array.from(run, (c) => anyAscii(c)).join(' ')} `);
  return anyAscii(hangul);
}

/** Uppercase ASCII words: other scripts romanized (transliterate), diacritics stripped,
 *  apostrophes removed ("O'Neil" → "ONEIL"), dots removed ("S.R.O." → "SRO"), "&" read as AND,
 *  any other punctuation (and any control character) a word break. */
export function nameWords(raw: string): string[] {
  const words =
    transliterate(raw)
      .toUpperCase()
      .replace(/['’‘`´.]/g, '')
      .match(/[A-Z0-9]+|&/g) ?? [];
  return words.map((w) => (w === '&' ? 'AND' : w));
}

/** Titles and honorifics in front of a person's name ("Mr.", "Dr.", "Sheikh", "Haji"): not part
 *  of the name OFAC lists, so a screened name drops them from its front. */
const HONORIFICS = new Set([
  'MR',
  'MRS',
  'MS',
  'MISS',
  'MX',
  'DR',
  'PROF',
  'SIR',
  'DAME',
  'LORD',
  'LADY',
  'REV',
  'FR',
  'HON',
  'GEN',
  'COL',
  'MAJ',
  'CAPT',
  'SHEIKH',
  'SHAIKH',
  'SHEIK',
  'SHAYKH',
  'HAJI',
  'HAJJI',
  'HAJ',
  'SAYYID',
  'SAYED',
  'SYED',
  'MULLAH',
  'IMAM',
  'EMIR',
  'AMIR',
  'PRINCE',
  'HERR',
  'FRAU',
  'SENOR',
  'SENORA',
  'MONSIEUR',
  'MADAME',
  'MME',
  'GOSPODIN',
]);

/** Drops leading honorifics, keeping at least one word. */
export function stripHonorifics(words: string[]): string[] {
  let i = 0;
  while (i < words.length - 1 && HONORIFICS.has(words[i])) i++;
  return i ? words.slice(i) : words;
}

/** Drops a leading THE and trailing legal forms (with the joiner before them), keeping at least
 *  one word so a name made only of such words still compares. */
export function stripLegalForms(words: string[]): string[] {
  const w = words[0] === 'THE' && words.length > 1 ? words.slice(1) : [...words];
  let stripped = false;
  while (w.length > 1) {
    const last = w[w.length - 1];
    if (LEGAL_FORMS.has(last)) {
      w.pop();
      stripped = true;
    } else if (stripped && JOINERS.has(last)) w.pop();
    else break;
  }
  return w;
}

/** The comparison key of a name: its normalized words without legal forms, space-joined. */
export function normalizeName(raw: string): string {
  return stripLegalForms(nameWords(raw)).join(' ');
}

/** Words too common in business names to tie two names together on their own ("Global
 *  Trading" is in hundreds of names), plus name particles. A fuzzy match needs a word outside
 *  this set on both sides and is scored on those words (fuzzy.ts); exact matches ignore it. */
export const GENERIC = new Set([
  'AL',
  'EL',
  'LA',
  'LE',
  'DE',
  'DEL',
  'DA',
  'DI',
  'DO',
  'DOS',
  'VAN',
  'VON',
  'BIN',
  'IBN',
  'ABU',
  'OF',
  'AND',
  'THE',
  'FOR',
  'Y',
  'GLOBAL',
  'INTERNATIONAL',
  'INTL',
  'GENERAL',
  'GROUP',
  'HOLDING',
  'HOLDINGS',
  'TRADING',
  'TRADE',
  'COMMERCIAL',
  'INDUSTRIAL',
  'INDUSTRIES',
  'INDUSTRY',
  'ENTERPRISE',
  'ENTERPRISES',
  'SERVICE',
  'SERVICES',
  'INVESTMENT',
  'INVESTMENTS',
  'CAPITAL',
  'FINANCE',
  'FINANCIAL',
  'BANK',
  'SHIPPING',
  'LOGISTICS',
  'TRANSPORT',
  'TECHNOLOGY',
  'TECHNOLOGIES',
  'IMPORT',
  'EXPORT',
  'MANAGEMENT',
  'PARTNERS',
  'ASSOCIATES',
  'SOLUTIONS',
  'CONSULTING',
  'DEVELOPMENT',
  'FOUNDATION',
  'FUND',
  'NATIONAL',
  'ENERGY',
  'OIL',
  'GAS',
  'CONSTRUCTION',
  'ENGINEERING',
  'MARINE',
  'UNITED',
  'FIRST',
  'NEW',
  'STATE',
  'CENTER',
  'CENTRE',
]);

/** How many of the words can tie names together (see GENERIC). */
export const distinctiveCount = (words: Iterable<string>) => {
  let n = 0;
  for (const w of words) if (!GENERIC.has(w) && !LEGAL_FORMS.has(w)) n++;
  return n;
};

/**
 * The words of one listed name as the index compares them. OFAC writes individuals as
 * "LAST, First Middle"; both that order and "First Middle LAST" are the person's name, so both
 * are forms. Legal forms are dropped from entity names only: a person's last word is never a
 * company suffix ("KIM, Ho Sa" stays three words). Entity names keep their comma order (it
 * usually precedes a legal form: "SUEX OTC, S.R.O.").
 */
export function listedNameForms(name: string, individual: boolean): string[][] {
  if (!individual) return [stripLegalForms(nameWords(name))].filter((w) => w.length);
  const comma = name.indexOf(',');
  if (comma <= 0) return [nameWords(name)].filter((w) => w.length);
  const last = nameWords(name.slice(0, comma));
  const first = nameWords(name.slice(comma + 1));
  return first.length && last.length
    ? [
        [...last, ...first],
        [...first, ...last],
      ]
    : [[...last, ...first]].filter((w) => w.length);
}

/** A screened name as the index looks it up: all its words, the words without legal forms
 *  (it may be a company or a person, which the caller does not say), and both as keys. */
export interface NameQuery {
  words: string[];
  core: string[];
  /** The words as given and without legal forms, when a leading title was dropped: a title may
   *  be the name itself ("Prince Holding Group", SDN 54750), so they are looked up exactly too. */
  given: string[][];
  keys: string[];
  /** Written in Arabic script: romanized without short vowels ("mhmd"), so its words pair with
   *  listed words by consonant skeleton (match.ts). */
  vowelless: boolean;
}

export function nameQuery(raw: string): NameQuery {
  const all = nameWords(raw);
  const words = stripHonorifics(all);
  const core = stripLegalForms(words);
  const given = words === all ? [] : [all, stripLegalForms(all)];
  return {
    words,
    core,
    given,
    keys: [...new Set([words.join(' '), core.join(' ')])].filter(Boolean),
    vowelless: /\p{Script=Arabic}/u.test(raw),
  };
}
