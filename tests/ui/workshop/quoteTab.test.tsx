// @vitest-environment jsdom
/**
 * The workshop's Quote tab: the owner edits the option groups read with the project (a choice's
 * price, a new group bound to a material of the model, the validity) and Save sends the options
 * with the ids of the new names; a price that is not a number is said in the owner's language and
 * nothing is sent; a server that finds a group bound to no part is answered with that group's name.
 */
import { RequestError } from '../../../src/api/errors';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProjectQuote } from '../../../src/api/quoteSchemas';
import type { QuoteOptions } from '../../../src/model/quote/quoteOptions';
import { QuoteTab } from '../../../src/ui/workshop/QuoteTab';
import { renderWithServices } from '../../helpers/appHarness';
import { fakeProjectsApi } from '../../helpers/fakeProjectsApi';

afterEach(cleanup);

const options: QuoteOptions = {
  validityDays: 30,
  groups: [
    {
      id: 'fronts',
      name: 'Fronts',
      bind: { kind: 'material', name: 'Oak veneer 19' },
      choices: [
        { id: 'oak', name: 'Oak veneer', colour: '#b08850', board: '', price: { kind: 'perSquareMetre', amount: 20 } },
        { id: 'white', name: 'White lacquer', colour: '#f2f1ec', board: 'White lacquer MDF 19', price: { kind: 'perSquareMetre', amount: 65 } },
      ],
    },
  ],
};
const quote: ProjectQuote = {
  options,
  materials: [{ name: 'Oak veneer 19', parts: 3 }, { name: 'Melamine white 18', parts: 2 }],
  hardware: [{ name: 'Bar handle', quantity: 2 }],
  currency: 'EUR',
  textures: {},
  defaults: false,
};

function setup(put: (options: QuoteOptions) => Promise<ProjectQuote> = async (o) => ({ ...quote, options: o })) {
  const api = fakeProjectsApi();
  const sent: QuoteOptions[] = [];
  api.getProjectOptions = async () => quote;
  api.putProjectOptions = async (_id, o) => {
    sent.push(o);
    return put(o);
  };
  return { api, sent };
}

describe("the workshop's Quote tab", () => {
  it('edits a group, adds one bound to a material of the model, and saves the options with ids from the names', async () => {
    const { api, sent } = setup();
    renderWithServices(<QuoteTab projectId={4} projectName="Kitchen" unit="mm" />, { projectsApi: api });
    const fronts = await screen.findByRole('group', { name: 'Fronts' });
    expect(within(fronts).getByText(/The model's own/)).toBeTruthy();
    expect((within(fronts).getByLabelText('Changes') as HTMLSelectElement).selectedOptions[0].textContent).toBe('Oak veneer 19 (3 parts)');
    fireEvent.change(within(fronts).getAllByLabelText('Price (EUR)')[1], { target: { value: '70' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a group' }));
    const added = screen.getAllByTestId('quote-group')[1];
    // The first material no group binds yet, with its part count.
    expect((within(added).getByLabelText('Changes') as HTMLSelectElement).selectedOptions[0].textContent).toBe('Melamine white 18 (2 parts)');
    fireEvent.change(within(added).getByLabelText('Group name'), { target: { value: 'Carcass' } });
    fireEvent.change(within(added).getAllByLabelText(/^Choice/)[0], { target: { value: 'White melamine' } });
    fireEvent.click(within(added).getByRole('button', { name: 'Add a choice' }));
    fireEvent.change(within(added).getAllByLabelText(/^Choice/)[1], { target: { value: 'Grey melamine' } });
    fireEvent.change(within(added).getAllByLabelText('Board or hardware it stands for')[1], { target: { value: 'Melamine grey 18' } });
    fireEvent.change(within(added).getAllByLabelText('Price rule')[1], { target: { value: 'perPart' } });
    fireEvent.change(within(added).getAllByLabelText('Price (EUR)')[1], { target: { value: '4.5' } });
    fireEvent.change(screen.getByLabelText('Quote valid for (days)'), { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the options' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      validityDays: 45,
      groups: [
        { ...options.groups[0], choices: [options.groups[0].choices[0], { ...options.groups[0].choices[1], price: { kind: 'perSquareMetre', amount: 70 } }] },
        {
          id: 'carcass',
          name: 'Carcass',
          bind: { kind: 'material', name: 'Melamine white 18' },
          choices: [
            { id: 'white-melamine', name: 'White melamine', colour: '#d9d4c7', board: '', price: { kind: 'perSquareMetre', amount: 0 } },
            { id: 'grey-melamine', name: 'Grey melamine', colour: '#d9d4c7', board: 'Melamine grey 18', price: { kind: 'perPart', amount: 4.5 } },
          ],
        },
      ],
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['en', 'The price of “White lacquer” (Fronts) is not a number.'],
    ['fr', 'Le prix de « White lacquer » (Fronts) n’est pas un nombre.'],
  ])('says in %s that a price is not a number, and sends nothing', async (lang, text) => {
    const { api, sent } = setup();
    renderWithServices(<QuoteTab projectId={4} projectName="Kitchen" unit="mm" />, { projectsApi: api, browserLanguages: [lang] });
    const fronts = await screen.findByRole('group', { name: 'Fronts' });
    const price = within(fronts).getAllByRole('spinbutton')[1];
    fireEvent.change(price, { target: { value: 'twelve' } });
    fireEvent.click(screen.getByRole('button', { name: lang === 'fr' ? 'Enregistrer les options' : 'Save the options' }));
    expect((await screen.findByTestId('quote-errors')).textContent).toBe(text);
    expect(price.getAttribute('aria-invalid')).toBe('true');
    // A save would have called the API as the machine entered `saving`, within the click.
    expect(sent).toEqual([]);
  });

  it("names the group the server finds bound to no part, and keeps the draft", async () => {
    // As the API client throws it: the server's code and its message, which quotes the group.
    const refused = new RequestError('PUT', '/api/v1/projects/4/options', 400, 'Bad Request', 'option_binds_nothing', 'The group “Fronts” is bound to no part of the current model: check its material or hardware name.');
    const { api, sent } = setup(async () => Promise.reject(refused));
    renderWithServices(<QuoteTab projectId={4} projectName="Kitchen" unit="mm" />, { projectsApi: api });
    const fronts = await screen.findByRole('group', { name: 'Fronts' });
    fireEvent.change(within(fronts).getByLabelText('Group name'), { target: { value: 'Doors' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the options' }));
    expect((await screen.findByTestId('quote-refusal')).textContent).toBe('No part of the current revision is bound by “Fronts”: choose another material or hardware item.');
    expect(sent).toHaveLength(1);
    expect((within(screen.getByRole('group', { name: 'Doors' })).getByLabelText('Group name') as HTMLInputElement).value).toBe('Doors');
  });

  it.each([
    ['en', 'The texture for “White lacquer” (Fronts) is over 2 MB: choose a smaller image.'],
    ['fr', 'La texture de « White lacquer » (Fronts) dépasse 2 Mo : choisissez une image plus légère.'],
  ])('says in %s that a texture is over the size limit, and sends nothing', async (lang, text) => {
    const { api } = setup();
    const uploads: Blob[] = [];
    api.putQuoteTexture = async (_id, file) => {
      uploads.push(file);
      return { texture: 'a'.repeat(32), colour: '#8a6a44', url: '/grain.jpg' };
    };
    renderWithServices(<QuoteTab projectId={4} projectName="Kitchen" unit="mm" />, { projectsApi: api, browserLanguages: [lang] });
    const fronts = await screen.findByRole('group', { name: 'Fronts' });
    const picker = within(fronts).getByLabelText(lang === 'fr' ? 'Texture de White lacquer' : 'Texture of White lacquer');
    fireEvent.change(picker, { target: { files: [new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'scan.jpg', { type: 'image/jpeg' })] } });
    expect((await screen.findByTestId('quote-texture-problem')).textContent).toBe(text);
    expect(uploads).toEqual([]);
  });

  it('uploads a texture, shows it on the choice with the colour it averages to, and saves it with the options', async () => {
    const { api, sent } = setup();
    const grain = new File([new Uint8Array(50_000)], 'walnut.jpg', { type: 'image/jpeg' });
    const uploads: Blob[] = [];
    api.putQuoteTexture = async (_id, file) => {
      uploads.push(file);
      return { texture: 'a'.repeat(32), colour: '#8a6a44', url: '/grain.jpg' };
    };
    renderWithServices(<QuoteTab projectId={4} projectName="Kitchen" unit="mm" />, { projectsApi: api });
    const fronts = await screen.findByRole('group', { name: 'Fronts' });
    fireEvent.change(within(fronts).getByLabelText('Texture of White lacquer'), { target: { files: [grain] } });
    const picture = (await within(fronts).findByRole('img', { name: 'Texture of White lacquer' })) as HTMLImageElement;
    expect(picture.getAttribute('src')).toBe('/grain.jpg');
    expect(uploads).toEqual([grain]);
    expect((within(fronts).getAllByLabelText('Colour')[1] as HTMLInputElement).value).toBe('#8a6a44');
    fireEvent.click(screen.getByRole('button', { name: 'Save the options' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].groups[0].choices[1]).toEqual({ ...options.groups[0].choices[1], colour: '#8a6a44', texture: 'a'.repeat(32) });
    // Removed: the choice is saved without it.
    fireEvent.click(within(screen.getByRole('group', { name: 'Fronts' })).getByRole('button', { name: 'Remove the texture of White lacquer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save the options' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].groups[0].choices[1].texture).toBeUndefined();
  });

  it("says the options shown are the workshop's defaults, and makes the saved options the defaults on demand", async () => {
    const { api } = setup();
    api.getProjectOptions = async () => ({ ...quote, defaults: true });
    const defaults: QuoteOptions[] = [];
    api.putDefaultQuoteOptions = async (o) => {
      defaults.push(o);
      return o;
    };
    renderWithServices(<QuoteTab projectId={4} projectName="Kitchen" unit="mm" />, { projectsApi: api });
    expect((await screen.findByTestId('quote-from-defaults')).textContent).toMatch(/workshop's default options/);
    fireEvent.click(screen.getByRole('button', { name: "Make the saved options the workshop's defaults" }));
    expect((await screen.findByRole('status')).textContent).toMatch(/^Saved as the workshop's defaults/);
    expect(defaults).toEqual([options]);
  });
});
