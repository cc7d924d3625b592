import { Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { usePermissions } from '../../lib/auth-store.ts';
import { useFormAssignments } from './api/forms.ts';
import { FormBuilderView } from './components/form-builder.tsx';
import { FormResults } from './components/form-results.tsx';
import { ManageForms } from './components/manage-forms.tsx';
import { MyForms } from './components/my-forms.tsx';
import { SignFormView } from './components/sign-form.tsx';

// /hr/forms (designs/hr.md §3; every employee): "My forms" and, with 'manage hr forms', HR's list. Sub-views are query
// parameters so links and the bell open them: ?form={id} signs (the bell's target), ?edit={id|new} builds,
// ?results={id} shows completion, ?tab=manage HR's list.

const positiveId = (value: string | null): number | null => {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : null;
};

export function HrFormsPage() {
  const [params, setParams] = useSearchParams();
  const canManage = usePermissions().includes('manage hr forms');
  useFormAssignments();
  const go = (next: Record<string, string>) => setParams(next);

  const signing = positiveId(params.get('form'));
  const editing = params.get('edit');
  const results = positiveId(params.get('results'));
  const tab = canManage && params.get('tab') === 'manage' ? 'manage' : 'mine';
  const toManage = () => go({ tab: 'manage' });

  let body;
  if (signing !== null) body = <SignFormView formId={signing} onDone={() => go({})} />;
  else if (canManage && editing !== null)
    body = (
      <FormBuilderView
        formId={editing === 'new' ? null : positiveId(editing)}
        onClose={toManage}
        onCreated={(id) => setParams({ edit: String(id) }, { replace: true })}
      />
    );
  else if (canManage && results !== null)
    body = <FormResults formId={results} onClose={toManage} onEdit={() => go({ edit: String(results) })} />;
  else
    body = (
      <>
        {canManage && (
          <Tabs value={tab} onChange={(next) => go(next === 'manage' ? { tab: 'manage' } : {})}>
            <Tabs.List>
              <Tabs.Tab value="mine">My forms</Tabs.Tab>
              <Tabs.Tab value="manage">Manage forms</Tabs.Tab>
            </Tabs.List>
          </Tabs>
        )}
        {tab === 'manage' ? (
          <ManageForms
            onCreate={() => go({ edit: 'new' })}
            onEdit={(id) => go({ edit: String(id) })}
            onResults={(id) => go({ results: String(id) })}
          />
        ) : (
          <MyForms onOpen={(id) => go({ form: String(id) })} />
        )}
      </>
    );

  return (
    <Stack gap="md">
      <Title order={2}>Forms</Title>
      {body}
    </Stack>
  );
}
