import { useState, type ChangeEvent } from 'react';

type Errors<V> = Partial<Record<keyof V, string>>;

/** Controlled text fields with per-field errors; editing a field clears its error. */
export function useFormFields<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<V>>({});

  function field(name: keyof V & string) {
    return {
      name,
      value: values[name],
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const { value } = event.currentTarget;
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => ({ ...current, [name]: undefined }));
      },
    };
  }

  return { values, errors, setErrors, field };
}
