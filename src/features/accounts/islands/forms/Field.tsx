import { Field as SharedField, type FieldProps } from '../../../../ui/forms/Field';

/** The shared form field, styled by auth.css. */
export function Field(props: Omit<FieldProps, 'block'>) {
  return <SharedField block="auth-field" {...props} />;
}
