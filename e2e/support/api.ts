import { app } from './browser.ts';

/** Signs the administrator in through the API (Node side) and answers its access token. */
export async function adminToken(): Promise<string> {
  const { baseURL, adminEmail, adminPassword } = app();
  const response = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  if (!response.ok) throw new Error(`admin login answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Calls the app's API with a token; JSON bodies as objects, FormData as is. Throws on a non-2xx answer. */
export async function callApi<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const isForm = body instanceof FormData;
  const response = await fetch(`${app().baseURL}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined || isForm ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Creates a company through POST /api/company (multipart) and answers its id. */
export async function createCompanyViaApi(token: string, name: string): Promise<number> {
  const { data: staticData } = await callApi<{ data: { industries: { id: number }[]; regions: { id: number }[] } }>(
    token,
    'GET',
    '/api/misc/staticdata',
  );
  const form = new FormData();
  form.append('name', name);
  form.append('industry_id', String(staticData.industries[0]!.id));
  form.append('website', '');
  return (await callApi<{ data: { id: number } }>(token, 'POST', '/api/company', form)).data.id;
}
