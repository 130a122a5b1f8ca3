// @vitest-environment jsdom
/**
 * The Customization section's logo picker: it offers the formats the server takes (PNG, JPEG,
 * GIF, WebP, AVIF) and refuses, saying why in the user's language, a file of another type or one
 * over the size the server accepts; a refused file is never sent.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CustomizationSection } from '../../src/ui/panels/CustomizationSection';
import { createServices, Providers } from '../helpers/appHarness';

afterEach(cleanup);

// jsdom's Blob has no text(); the harness reads the current logo with it.
if (typeof Blob.prototype.text !== 'function') {
  Blob.prototype.text = function text(this: Blob) {
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsText(this);
    });
  };
}

function renderSection(browserLanguages = ['en-US']) {
  const harness = createServices({ browserLanguages });
  render(
    <Providers services={harness.services}>
      <CustomizationSection />
    </Providers>,
  );
  return harness;
}

/** A file chosen in the picker, or dropped on it: `accept` is only a hint to the browser's dialog. */
async function choose(label: string, file: File) {
  const input = screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
  await waitFor(() => expect(screen.getByRole('button', { name: label }).hasAttribute('disabled')).toBe(false));
  fireEvent.change(input, { target: { files: [file] } });
}

const MB = 1024 * 1024;

describe('logo picker', () => {
  it('offers only the image formats the server takes', () => {
    renderSection();
    const input = screen.getByLabelText('Replace', { selector: 'input' });
    expect(input.getAttribute('accept')?.split(',')).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', '.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif']);
  });

  it.each([
    ['logo.bmp', 'image/bmp'],
    ['logo.svg', 'image/svg+xml'],
    ['logo.tiff', 'image/tiff'],
    ['notes.txt', 'text/plain'],
  ])('refuses %s, saying which formats it takes, and sends nothing', async (name, type) => {
    const { projectsApi } = renderSection();
    await choose('Replace', new File(['x'], name, { type }));
    expect(screen.getByRole('status').textContent).toBe(`"${name}" cannot be used: the logo must be a PNG, JPEG, GIF, WebP or AVIF image.`);
    expect(projectsApi.calls.logo).toEqual([]);
  });

  it('refuses a file over 5 MB, saying so, and takes one within it', async () => {
    const { projectsApi } = renderSection();
    await choose('Replace', new File([new Uint8Array(5 * MB + 1)], 'big.png', { type: 'image/png' }));
    expect(screen.getByRole('status').textContent).toBe('"big.png" cannot be used: the logo must be 5 MB at most.');
    expect(projectsApi.calls.logo).toEqual([]);
    await choose('Replace', new File([new Uint8Array(1000)], 'small.avif', { type: 'image/avif' }));
    await waitFor(() => expect(projectsApi.calls.logo).toHaveLength(1));
    expect(screen.getByRole('status').textContent).not.toContain('cannot be used');
  });

  it('takes a file the system gives no type, by its extension', async () => {
    const { projectsApi } = renderSection();
    await choose('Replace', new File(['x'], 'logo.JPG', { type: '' }));
    await waitFor(() => expect(projectsApi.calls.logo).toHaveLength(1));
  });

  it('says why in French', async () => {
    renderSection(['fr-FR']);
    await choose('Remplacer', new File(['x'], 'logo.bmp', { type: 'image/bmp' }));
    expect(screen.getByRole('status').textContent).toBe('« logo.bmp » ne peut pas servir : le logo doit être une image PNG, JPEG, GIF, WebP ou AVIF.');
  });
});
