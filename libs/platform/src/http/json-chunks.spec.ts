import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { JsonPageWriter, jsonEnvelope, jsonGroupedListWriter, jsonItemsWriter, jsonListWriter, jsonObjectWriter } from './json-chunks';

class ItemDto {
  @ApiProperty() barcode!: string;
  @ApiProperty() onHand!: number;
  @ApiPropertyOptional() note?: string;
}

class GroupDto {
  @ApiProperty() warehouseId!: string;
  @ApiProperty({ type: () => [ItemDto] }) items!: ItemDto[];
}

class ListDto {
  @ApiProperty() outcome!: string;
  @ApiProperty({ type: () => [GroupDto] }) items!: GroupDto[];
}

class EmptyHeadDto {
  @ApiProperty({ type: () => [GroupDto] }) items!: GroupDto[];
}

/** The whole text a writer makes of these pages. */
function text<P>(writer: JsonPageWriter<P>, ...pages: P[]): string {
  return writer.open() + pages.map((page) => writer.page(page)).join('') + writer.close();
}

describe('JSON written from a DTO', () => {
  const item = jsonObjectWriter(ItemDto);
  const items = jsonItemsWriter(ItemDto);

  it('writes the documented properties in their declared order, nothing else, undefined ones left out', () => {
    const row = { sellable: 3, onHand: -2, barcode: 'a"\\é', secret: 'x' } as ItemDto;
    expect(item(row)).toBe('{"barcode":"a\\"\\\\é","onHand":-2}');
    expect(item({ ...row, note: 'n' })).toBe('{"barcode":"a\\"\\\\é","onHand":-2,"note":"n"}');
  });

  it('writes a page of items as one object would be written each, comma-separated', () => {
    const row = { sellable: 3, onHand: -2, barcode: 'a"\\é', secret: 'x' } as ItemDto;
    expect(items([row, { ...row, note: 'n' }])).toBe(`${item(row)},${item({ ...row, note: 'n' })}`);
    expect(items([row])).toBe('{"barcode":"a\\"\\\\é","onHand":-2}');
    expect(items([])).toBe('');
  });

  it('streams a list whose array is filled page by page, empty pages adding nothing', async () => {
    const list = jsonEnvelope(ListDto, 'items');
    const groups = (page: GroupDto[]) => page.map((g) => JSON.stringify(g)).join(',');
    const body = text(jsonListWriter(list, { outcome: 'SUCCESS' }, groups), [{ warehouseId: 'w', items: [] }], [], [{ warehouseId: 'x', items: [] }]);
    expect(body).toBe('{"outcome":"SUCCESS","items":[{"warehouseId":"w","items":[]},{"warehouseId":"x","items":[]}]}');
    expect(text(jsonListWriter(list, { outcome: 'SUCCESS' }, items))).toBe('{"outcome":"SUCCESS","items":[]}');
  });

  it('streams groups, a group spanning pages (some empty) opened once', async () => {
    type Page = { warehouseId: string; rows: ItemDto[] };
    const writer = () =>
      jsonGroupedListWriter(
        jsonEnvelope(EmptyHeadDto, 'items'),
        {},
        jsonEnvelope(GroupDto, 'items'),
        (page: Page) => ({ warehouseId: page.warehouseId }),
        (page) => items(page.rows),
      );
    const body = text(
      writer(),
      { warehouseId: 'a', rows: [{ barcode: '1', onHand: 1 }] },
      { warehouseId: 'a', rows: [] },
      { warehouseId: 'a', rows: [{ barcode: '2', onHand: 2 }] },
      { warehouseId: 'b', rows: [] },
      { warehouseId: 'b', rows: [{ barcode: '3', onHand: 3 }] },
    );
    expect(JSON.parse(body)).toEqual({
      items: [
        {
          warehouseId: 'a',
          items: [
            { barcode: '1', onHand: 1 },
            { barcode: '2', onHand: 2 },
          ],
        },
        { warehouseId: 'b', items: [{ barcode: '3', onHand: 3 }] },
      ],
    });
    expect(body.startsWith('{"items":[{"warehouseId":"a","items":[')).toBe(true);
    expect(text(writer())).toBe('{"items":[]}');
  });

  it('refuses to stream an array that is not the last property, and a class without documented properties', () => {
    expect(() => jsonEnvelope(ItemDto, 'barcode')).toThrow('ItemDto.barcode must be its last documented property to be streamed');
    class Undocumented {
      x!: number;
    }
    expect(() => jsonObjectWriter(Undocumented)).toThrow('Undocumented documents no property');
  });
});
