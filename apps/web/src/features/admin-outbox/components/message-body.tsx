import { Code, Tabs, Text } from '@mantine/core';
import { IconCode, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';

// The mail's HTML may carry anything: it renders in an iframe with every sandbox restriction (no scripts, no
// forms, no popups, an opaque origin), and this policy also keeps it from loading remote content (tracking
// pixels, fonts) when an administrator opens it. Inline styles stay, since mail is styled inline.
const contentPolicy = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">`;

export function sandboxedDocument(html: string): string {
  return `${contentPolicy}\n${html}`;
}

/** The body of a kept message: the HTML part, isolated from the app, and a tab with the plain-text part. */
export function MessageBody({ html, text, subject }: { html: string | null; text: string; subject: string }) {
  const [tab, setTab] = useState<string | null>(html === null ? 'text' : 'html');
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List>
        {html === null ? null : (
          <Tabs.Tab value="html" leftSection={<IconCode size={16} aria-hidden />}>
            HTML
          </Tabs.Tab>
        )}
        <Tabs.Tab value="text" leftSection={<IconFileText size={16} aria-hidden />}>
          Plain text
        </Tabs.Tab>
      </Tabs.List>
      {html === null ? null : (
        <Tabs.Panel value="html" pt="md">
          <iframe
            title={`HTML body of ${subject || 'the message'}`}
            sandbox=""
            srcDoc={sandboxedDocument(html)}
            referrerPolicy="no-referrer"
            data-testid="outbox-html-body"
            // Mail is written for a white page, whatever the app's colour scheme; resizable since the frame cannot
            // measure a document it may not script.
            style={{
              display: 'block',
              width: '100%',
              height: 480,
              resize: 'vertical',
              overflow: 'auto',
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 'var(--mantine-radius-sm)',
              background: '#fff',
            }}
          />
        </Tabs.Panel>
      )}
      <Tabs.Panel value="text" pt="md">
        {text ? (
          <Code block data-testid="outbox-text-body" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {text}
          </Code>
        ) : (
          <Text c="dimmed" size="sm">
            This message has no plain-text part.
          </Text>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
