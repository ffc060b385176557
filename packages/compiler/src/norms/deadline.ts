// Deadlines in legal text, normalised to ISO-8601 durations: "within 72 hours" -> PT72H,
// "45 calendar days" -> P45D, "one month" -> P1M; "without undue delay" (and its equivalents in
// the other languages) stays 'without undue delay'. The first deadline in the clause wins.
import type { Language } from './lexicon.ts';

export const WITHOUT_UNDUE_DELAY = 'without undue delay';

const NUMBER_WORDS: Record<string, number> = {
  // English
  one: 1, a: 1, an: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, 'forty-five': 45, sixty: 60, ninety: 90,
  // French
  un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six_fr: 6, sept: 7, huit: 8, dix: 10, douze: 12, quinze: 15, trente: 30,
  // German
  ein: 1, eine: 1, einem: 1, einen: 1, eines: 1, einer: 1, zwei: 2, drei: 3, vier: 4, 'fünf': 5, sechs: 6, zehn: 10, 'zwölf': 12, 'fünfzehn': 15, 'dreißig': 30,
  // Spanish / Portuguese
  uno: 1, um: 1, uma: 1, dos: 2, dois: 2, duas: 2, tres: 3, 'três': 3, cuatro: 4, quatro: 4, cinco: 5, seis: 6, diez: 10, dez: 10, quince: 15, quinze_pt: 15, treinta: 30, trinta: 30,
};

type Unit = 'H' | 'D' | 'W' | 'M' | 'Y';

const UNITS: [string, Unit][] = [
  ['hours?|heures?|Stunden?|horas?', 'H'],
  ['(?:calendar |business |working |clear )?days?|jours?(?: calendaires| ouvrables)?|Tagen?|Kalendertagen?|Werktagen?|d[íi]as?(?: h[áa]biles| naturales| [úu]teis)?', 'D'],
  ['weeks?|semaines?|Wochen?|semanas?', 'W'],
  ['months?|mois|Monate?n?|Monats|meses|m[êe]s', 'M'],
  ['years?|ans?|ann[ée]es?|Jahre?n?|Jahres|a[ñn]os?|anos?', 'Y'],
];

const NUMBER = `\\d{1,4}|${Object.keys(NUMBER_WORDS).map((w) => w.replace(/_.*/, '')).join('|')}`;
const UNIT_ALTERNATION = UNITS.map(([p]) => `(${p})`).join('|');
/** "72 hours", "one month", "45 calendar days", "(30) days", "einem Monat". */
const DURATION = new RegExp(`(?<![\\p{L}\\p{N}])\\(?(${NUMBER})\\)?[\\s-]{1,2}(?:\\(\\d{1,4}\\)\\s)?(?:${UNIT_ALTERNATION})(?![\\p{L}])`, 'iu');

/** Words that make a duration a deadline ("within", "no later than", "not later than", "binnen"). */
const DEADLINE_CONTEXT = /(?<![\p{L}])(?:within|no later than|not later than|not more than|no more than|at the latest|dans un délai|au plus tard|dans les|innerhalb|binnen|spätestens|en el plazo|en un plazo|a más tardar|dentro de|no prazo|num prazo|prazo de|até|in no case later than)(?![\p{L}])/iu;

const UNDUE_DELAY =
  /without undue delay|without unreasonable delay|dans les meilleurs délais|sans retard injustifié|unverzüglich|ohne unangemessene Verzögerung|sin dilación indebida|sem demora injustificada/iu;

function isoDuration(amount: number, unit: Unit): string {
  return unit === 'H' ? `PT${amount}H` : `P${amount}${unit}`;
}

function amountOf(word: string): number | null {
  const n = Number.parseInt(word, 10);
  if (Number.isFinite(n)) return n;
  const lower = word.toLowerCase();
  return NUMBER_WORDS[lower] ?? NUMBER_WORDS[`${lower}_fr`] ?? NUMBER_WORDS[`${lower}_pt`] ?? null;
}

/**
 * The deadline stated in a clause: the duration that follows a deadline word ("within one month"),
 * else 'without undue delay', else a duration counted from an event ("72 hours after"); null when
 * there is none.
 */
export function findDeadline(clause: string, _language: Language = 'en'): string | null {
  const undue = UNDUE_DELAY.exec(clause);
  let best: { index: number; value: string } | null = undue ? { index: undue.index, value: WITHOUT_UNDUE_DELAY } : null;
  // "within a reasonable period ..., but at the latest within one month": the first stated period.
  const contexts = new RegExp(DEADLINE_CONTEXT.source, 'giu');
  for (const context of clause.matchAll(contexts)) {
    // "imprisoned not more than 20 years" is a penalty, not a deadline.
    if (/(?:imprison|custody|jail|Freiheitsstrafe|prisão|emprisonnement|prisión)[\p{L}]*[^.;]{0,20}$/iu.test(clause.slice(Math.max(0, context.index - 40), context.index))) continue;
    const window = clause.slice(context.index, context.index + 80);
    const m = DURATION.exec(window);
    if (!m) continue;
    const amount = amountOf(m[1]!);
    const unitIndex = m.slice(2).findIndex((g) => g !== undefined);
    if (amount !== null && amount > 0 && unitIndex >= 0) {
      // A stated period ("without undue delay and in any event within one month") is the binding limit.
      best = { index: context.index, value: isoDuration(amount, UNITS[unitIndex]![1]) };
      break;
    }
  }
  if (!best) {
    // "45 calendar days", "72 hours after" without a leading "within".
    const m = DURATION.exec(clause);
    // "maintain workpapers for a period of 5 years from ..." is a retention period, not a deadline.
    const retention = m ? /(?:for|during|pendant|während|durante)(?: a| the)?(?: period of| periode de)?\s*$/iu.test(clause.slice(Math.max(0, m.index - 24), m.index)) : false;
    if (m && !retention && !/^\s*of age/iu.test(clause.slice(m.index + m[0].length)) && /^\s*(?:after|from|following|nach|après|après la|a partir|a contar|desde|following receipt)/iu.test(clause.slice(m.index + m[0].length))) {
      const amount = amountOf(m[1]!);
      const unitIndex = m.slice(2).findIndex((g) => g !== undefined);
      if (amount !== null && amount > 0 && unitIndex >= 0) best = { index: m.index, value: isoDuration(amount, UNITS[unitIndex]![1]) };
    }
  }
  return best ? best.value : null;
}
