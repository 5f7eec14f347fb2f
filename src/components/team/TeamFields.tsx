// A team's name and description, as creating and renaming a team both ask for them.
import { FieldGroup, TextAreaField } from '../../forms/Fields';
import { TextField } from '../../forms/TextField';
import { t } from '../../i18n';

interface TeamFieldsProps {
  values: { name: string; description: string };
  errors: Record<string, string>;
  set(field: 'name' | 'description', value: string): void;
}

export function TeamFields({ values, errors, set }: TeamFieldsProps) {
  return (
    <FieldGroup>
      <TextField name="name" label={t('Team name')} value={values.name} error={errors.name} onChange={(e) => set('name', e.target.value)} />
      <TextAreaField
        name="description"
        label={t('Description (optional)')}
        value={values.description}
        error={errors.description}
        onChange={(e) => set('description', e.target.value)}
      />
    </FieldGroup>
  );
}
