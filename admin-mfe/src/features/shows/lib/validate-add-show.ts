/** The Add Shows form's rules (spec §5), checked in the form before anything is sent. */
export const ADD_SHOW_MESSAGES = {
  missing: 'Missing required fields',
  price: 'Price must be a number of at least 0',
  past: 'Pick a date and time in the future',
  dateTime: 'Pick a date and a time',
} as const;

/** The problem of a price input, or null: numeric, minimum 0 (an empty price is "missing", checked on submit). */
export function priceProblem(price: string): string | null {
  if (price.trim() === '') return null;
  const value = Number(price);
  return Number.isFinite(value) && value >= 0 ? null : ADD_SHOW_MESSAGES.price;
}

/** The problem of a show time "YYYY-MM-DDTHH:mm" (local), or null: complete and in the future. */
export function dateTimeProblem(value: string, now: Date): string | null {
  const [date, time] = value.split('T');
  if (!date || !time) return ADD_SHOW_MESSAGES.dateTime;
  const at = new Date(`${date}T${time.slice(0, 5)}`);
  if (Number.isNaN(at.getTime())) return ADD_SHOW_MESSAGES.dateTime;
  return at.getTime() > now.getTime() ? null : ADD_SHOW_MESSAGES.past;
}

/** What a submit without everything lacks, said in the form next to the button ("a movie, a show time"). */
export function missingParts(form: { movieId: string | null; price: string; dateTimes: Record<string, string[]> }): string[] {
  return [
    ...(form.movieId ? [] : ['a movie']),
    ...(Object.keys(form.dateTimes).length > 0 ? [] : ['a show time']),
    ...(form.price.trim() === '' ? ['a price'] : []),
  ];
}

/** Everything wrong with the form on submit: the first message to say, and which field it is about. */
export function addShowProblem(
  form: { movieId: string | null; price: string; dateTimes: Record<string, string[]> },
  now: Date,
): { field: 'form' | 'price' | 'dateTime'; message: string } | null {
  const times = Object.entries(form.dateTimes).flatMap(([date, list]) => list.map((time) => `${date}T${time}`));
  if (!form.movieId || times.length === 0 || form.price.trim() === '') return { field: 'form', message: ADD_SHOW_MESSAGES.missing };
  const price = priceProblem(form.price);
  if (price) return { field: 'price', message: price };
  if (times.some((t) => dateTimeProblem(t, now))) return { field: 'dateTime', message: ADD_SHOW_MESSAGES.past };
  return null;
}
