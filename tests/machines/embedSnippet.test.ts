// @vitest-environment jsdom
/** The iframe snippet of a shared link: the public URL in an iframe titled by the project, escaped. */
import { describe, expect, it } from 'vitest';
import { embedSnippetOf } from '../../src/machines/projects/publicLink';

describe('embedSnippetOf', () => {
  it('frames the public link (origin + /s/ + key) with a fixed size, no border, full screen allowed', () => {
    expect(embedSnippetOf('abc123XYZ', 'https://viewer.test/', 'Kitchen')).toBe(
      '<iframe src="https://viewer.test/s/abc123XYZ" width="800" height="600" style="border:0" allow="fullscreen" loading="lazy" title="Kitchen"></iframe>',
    );
  });

  it('escapes the project name so it cannot leave the title attribute', () => {
    const snippet = embedSnippetOf('abc123XYZ', 'https://viewer.test', `"><script>alert('x')</script> & Co`);
    expect(snippet).toContain('title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; Co"');
    expect(snippet).not.toContain('<script');
    // Parsed as HTML, it is one iframe whose title is the name as typed.
    const frame = new DOMParser().parseFromString(snippet, 'text/html').body;
    expect(frame.children).toHaveLength(1);
    expect(frame.querySelector('iframe')?.getAttribute('title')).toBe(`"><script>alert('x')</script> & Co`);
    expect(frame.querySelector('iframe')?.getAttribute('src')).toBe('https://viewer.test/s/abc123XYZ');
  });
});
