import fixture from '@fixtures/form-messages.json';

/** The forms of tests/fixtures/form-messages.json (the server's tests read the same file). */
export type MessageForm = Exclude<keyof typeof fixture, 'about'>;

export interface MessageCase<Values> {
  /** The form's valid values with the case's changes. */
  values: Values;
  field: string;
  message: string;
}

/**
 * Each case of one form: a blank, short or malformed field and what it must say, as
 * `it.each` rows named after the field and its values.
 */
export function messageCases<Values>(form: MessageForm): [string, MessageCase<Values>][] {
  const { valid, cases } = fixture[form] as unknown as {
    valid: Values;
    cases: { field: string; values: Partial<Values>; message: string }[];
  };
  return cases.map(({ field, values, message }) => [
    `${field} ${JSON.stringify(values)}`,
    { values: { ...valid, ...values }, field, message },
  ]);
}

/** The form's valid values, which must raise no error. */
export function validValues<Values>(form: MessageForm): Values {
  return fixture[form].valid as unknown as Values;
}
