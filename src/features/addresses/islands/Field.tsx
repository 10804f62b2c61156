import { Field as SharedField, type FieldProps } from '../../../ui/forms/Field';

/** The shared form field, styled by addresses.css; addresses are plain text inputs. */
export function Field(props: Omit<FieldProps, 'block'>) {
  return <SharedField block="address-field" type="text" {...props} />;
}
