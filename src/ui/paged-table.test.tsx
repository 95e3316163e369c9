// @vitest-environment jsdom
import { act, Fragment } from 'react';
import { describe, expect, it } from 'vitest';
import { mountEachTest } from '../testing/mount-each-test';
import { LabelledRow, PagedTable, type RowsQuery } from './paged-table';
import { Td } from './table-cells';

const view = mountEachTest();

const settled: RowsQuery = { isLoading: false, isSuccess: true, isError: false, error: null };
const words = { loading: 'Loading trades…', empty: 'No trades match', unavailable: 'Trade history unavailable' };
const columns = [{ label: 'Time' }, { label: 'Market', align: 'left' as const }];

function show(query: RowsQuery | undefined, rows: string[]) {
  view.render(
    <PagedTable testId="trades" columns={columns} rowCount={rows.length} words={words} query={query}>
      {rows.map((r) => (
        <tr key={r}>
          <Td>{r}</Td>
          <Td align="left">BTC-USD</Td>
        </tr>
      ))}
    </PagedTable>,
  );
}
const body = () => view.container.querySelector('tbody')!.textContent;
const more = () => [...view.container.querySelectorAll('button')].find((b) => /Load more|Loading…/.test(b.textContent ?? ''));

describe('paged table', () => {
  it('says why there are no rows: loading, the error, or nothing listed', () => {
    show({ ...settled, isLoading: true, isSuccess: false }, []);
    expect(body()).toBe('Loading trades…');
    show({ ...settled, isSuccess: false, isError: true, error: new Error('timed out') }, []);
    expect(body()).toBe('Trade history unavailable: timed out');
    show(settled, []);
    expect(body()).toBe('No trades match');
    show(undefined, []);
    expect(body()).toBe('No trades match');
    expect(view.container.querySelectorAll('thead th')).toHaveLength(2);
    expect(view.container.querySelector('tbody td')?.getAttribute('colspan')).toBe('2');
  });

  it('labels each cell with its column for the phone cards: title first, a control-headed last column as the actions', () => {
    view.render(
      <PagedTable testId="t" columns={[{ label: 'Market' }, { label: 'Size' }, { label: <button type="button">Close all</button> }]} rowCount={1} words={words}>
        {['BTC-USD'].map((m) => (
          <Fragment key={m}>
            <tr>
              <Td>{m}</Td>
              <Td>0.5</Td>
              <Td>
                <button type="button">Close</button>
              </Td>
            </tr>
            <tr>
              <td colSpan={3}>editor</td>
            </tr>
          </Fragment>
        ))}
      </PagedTable>,
    );
    const cells = [...view.container.querySelectorAll('tbody td')].map((td) => [td.getAttribute('data-label'), td.getAttribute('data-card'), td.textContent]);
    expect(cells).toEqual([
      ['Market', 'title', 'BTC-USD'],
      ['Size', null, '0.5'],
      [null, 'actions', 'Close'],
      [null, null, 'editor'],
    ]);
  });

  it('labels cells grouped in a fragment one by one, and lets a column claim the title', () => {
    const cells = (
      <>
        <Td>0.5</Td>
        <Td>12.00</Td>
      </>
    );
    view.render(
      <PagedTable testId="t" columns={[{ label: 'Time' }, { label: 'Market', card: 'title' }, { label: 'Size' }, { label: 'Fee' }]} rowCount={1} words={words}>
        <tr>
          <Td>12:00</Td>
          <Td>BTC-USD</Td>
          {cells}
        </tr>
      </PagedTable>,
    );
    const labels = [...view.container.querySelectorAll('tbody td')].map((td) => `${td.getAttribute('data-label')}:${td.getAttribute('data-card') ?? ''}`);
    expect(labels).toEqual(['Time:', 'Market:title', 'Size:', 'Fee:']);
  });

  it("labels the cells of a row drawn by its own component (a phone's card of each position)", () => {
    // A row component hides its <tr> from the table: before LabelledRow the positions' cards had no labels.
    function PositionLike({ size }: { size: string }) {
      return (
        <LabelledRow>
          <Td>BTC-USD</Td>
          <Td>{size}</Td>
        </LabelledRow>
      );
    }
    view.render(
      <PagedTable testId="t" columns={[{ label: 'Market' }, { label: 'Size' }]} rowCount={1} words={words}>
        <PositionLike size="0.5" />
      </PagedTable>,
    );
    const labels = [...view.container.querySelectorAll('tbody td')].map((td) => `${td.getAttribute('data-label')}:${td.getAttribute('data-card') ?? ''}`);
    expect(labels).toEqual(['Market:title', 'Size:']);
  });

  it('offers the next page while there is one, and says it is loading', async () => {
    let asked = 0;
    const fetchNextPage = async () => {
      asked++;
    };
    show({ ...settled, hasNextPage: true, isFetchingNextPage: false, fetchNextPage }, ['12:00']);
    expect(body()).toBe('12:00BTC-USD');
    await act(async () => more()!.click());
    expect(asked).toBe(1);
    show({ ...settled, hasNextPage: true, isFetchingNextPage: true, fetchNextPage }, ['12:00']);
    expect(more()?.textContent).toBe('Loading…');
    expect(more()?.disabled).toBe(true);
    show({ ...settled, hasNextPage: false, fetchNextPage }, ['12:00']);
    expect(more()).toBeUndefined();
  });
});
