import { ArgumentMetadata } from '@nestjs/common';
import { BadRequestProblem, createValidationPipe } from '@gateway/platform';
import { CreateSalesOrderDto } from './create-sales-order.dto';
import { COUNTRY_CODES, CURRENCY_CODES } from '../model/sales-order.enums';

const pipe = createValidationPipe();
const metadata: ArgumentMetadata = { type: 'body', metatype: CreateSalesOrderDto };

function validBody() {
  return {
    orderReference: 'ORD-1',
    placedAt: '2026-09-18T10:15:00+02:00',
    note: 'leave at the door',
    customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', contactNumber: '+44 20 0000 0000' },
    lineItems: [
      {
        name: 'Tent',
        sku: 'NOS-TENT-2P',
        barcode: '8710000000011',
        quantity: 2,
        price: { currency: 'EUR', amountInMinorUnit: 19900 },
        minShelfLifeDays: 0,
        weightGram: 2400,
        harmonizedCode: '6306.22',
        countryCodeOfOrigin: 'NL',
      },
    ],
  };
}

async function problems(body: unknown) {
  try {
    await pipe.transform(body, metadata);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestProblem);
    return (error as BadRequestProblem).problem.errors;
  }
  return [];
}

describe('CreateSalesOrderDto', () => {
  it('accepts a complete valid body', async () => {
    expect(await problems(validBody())).toEqual([]);
  });

  it('accepts the smallest valid body', async () => {
    expect(await problems({ orderReference: 'x', customer: { firstName: 'A' }, lineItems: [{ sku: 's', quantity: 1 }] })).toEqual([]);
  });

  it('reports every problem at once, each with its JSON pointer', async () => {
    const body = validBody() as Record<string, unknown>;
    body.orderReference = '';
    body.placedAt = '2026-02-29T10:00:00Z';
    body.customer = { lastName: 3 };
    body.lineItems = [
      { sku: '', quantity: 0, price: { currency: 'EURO', amountInMinorUnit: 1.5 }, countryCodeOfOrigin: 'XX', weightGram: -1 },
      { sku: 'ok', quantity: 9007199254740992 },
    ];
    body.discount = 10;
    expect(await problems(body)).toEqual(
      expect.arrayContaining([
        { pointer: '/orderReference', message: 'must be 1 to 200 characters' },
        {
          pointer: '/placedAt',
          message: 'must be an ISO 8601 date-time on a day that exists, e.g. 2026-09-18T10:15:00Z, 2026-09-18T10:15+02:00 or 20260918T101500+0200',
        },
        { pointer: '/customer/firstName', message: 'is required' },
        { pointer: '/customer/lastName', message: 'must be a string' },
        { pointer: '/lineItems/0/sku', message: 'must be 1 to 200 characters' },
        { pointer: '/lineItems/0/quantity', message: 'must be at least 1' },
        { pointer: '/lineItems/0/price/currency', message: 'must be one of the ISO 4217 codes the spec lists' },
        { pointer: '/lineItems/0/price/amountInMinorUnit', message: 'must be an integer' },
        { pointer: '/lineItems/0/countryCodeOfOrigin', message: 'must be an ISO 3166-1 alpha-2 code' },
        { pointer: '/lineItems/0/weightGram', message: 'must be at least 0' },
        { pointer: '/lineItems/1/quantity', message: 'must be at most 9007199254740991' },
        { pointer: '/discount', message: 'is not a known property' },
      ]),
    );
  });

  it('refuses unknown properties at every level (mass assignment)', async () => {
    const body = validBody() as ReturnType<typeof validBody> & { status?: string };
    body.status = 'SHIPPED';
    (body.customer as Record<string, unknown>).isAdmin = true;
    (body.lineItems[0] as Record<string, unknown>).unitCost = 1;
    const found = await problems(body);
    expect(found!.map((p: { pointer: string }) => p.pointer).sort()).toEqual(['/customer/isAdmin', '/lineItems/0/unitCost', '/status']);
  });

  it('refuses null where a value is optional but typed', async () => {
    expect(await problems({ ...validBody(), note: null })).toEqual([{ pointer: '/note', message: 'must be a string' }]);
  });

  it('refuses missing required fields and an empty line list', async () => {
    expect(await problems({ lineItems: [] })).toEqual(
      expect.arrayContaining([
        { pointer: '/orderReference', message: 'is required' },
        { pointer: '/customer', message: 'is required' },
        { pointer: '/lineItems', message: 'must have at least 1 line' },
      ]),
    );
    expect(await problems({ orderReference: 'x', customer: {}, lineItems: [{ price: {} }] })).toEqual([
      { pointer: '/customer/firstName', message: 'is required' },
      { pointer: '/lineItems/0/sku', message: 'is required' },
      { pointer: '/lineItems/0/quantity', message: 'is required' },
      { pointer: '/lineItems/0/price/currency', message: 'is required' },
      { pointer: '/lineItems/0/price/amountInMinorUnit', message: 'is required' },
    ]);
  });

  it.each([
    ['customer null', { customer: null }, [{ pointer: '/customer', message: 'is required' }]],
    ['customer a string', { customer: 'x' }, [{ pointer: '/customer', message: 'must be an object' }]],
    ['customer an array', { customer: [] }, [{ pointer: '/customer', message: 'must be an object' }]],
    ['lineItems an object', { lineItems: {} }, [{ pointer: '/lineItems', message: 'must be an array' }]],
    ['lineItems a string', { lineItems: 'x' }, [{ pointer: '/lineItems', message: 'must be an array' }]],
    ['a line that is an array', { lineItems: [[]] }, [{ pointer: '/lineItems/0', message: 'must be an object' }]],
    [
      'a line that is a number or null',
      { lineItems: [1, null] },
      [
        { pointer: '/lineItems/0', message: 'must be an object' },
        { pointer: '/lineItems/1', message: 'must be an object' },
      ],
    ],
    ['a price that is null', { lineItems: [{ sku: 's', quantity: 1, price: null }] }, [{ pointer: '/lineItems/0/price', message: 'must be an object' }]],
    ['a price that is a string', { lineItems: [{ sku: 's', quantity: 1, price: 'x' }] }, [{ pointer: '/lineItems/0/price', message: 'must be an object' }]],
  ])('gives %s one message, at a pointer into the body', async (_name, change, expected) => {
    expect(await problems({ orderReference: 'x', customer: { firstName: 'A' }, lineItems: [{ sku: 's', quantity: 1 }], ...change })).toEqual(expected);
  });

  it('accepts a shipping address with the required fields only, or with all of them', async () => {
    expect(await problems({ ...validBody(), shippingAddress: { line1: 'Storgatan 12', city: 'Stockholm', countryCode: 'SE' } })).toEqual([]);
    const full = { name: 'A', company: 'B', line1: 'C', line2: 'D', postalCode: 'E', city: 'F', region: 'G', countryCode: 'PE' };
    expect(await problems({ ...validBody(), shippingAddress: full })).toEqual([]);
  });

  it('checks the shipping address field by field, with pointers into it', async () => {
    const longest = { name: 'n'.repeat(200), company: 'c'.repeat(200), line1: 'l'.repeat(200), line2: 'm'.repeat(200) };
    const atLimits = { ...longest, postalCode: 'p'.repeat(20), city: 'c'.repeat(100), region: 'r'.repeat(100), countryCode: 'ZW' };
    expect(await problems({ ...validBody(), shippingAddress: atLimits })).toEqual([]);
    const past = {
      name: 'n'.repeat(201),
      line1: '',
      postalCode: 'p'.repeat(21),
      city: 'c'.repeat(101),
      region: 'r'.repeat(101),
      countryCode: 'XX',
      phone: '1',
    };
    expect(await problems({ ...validBody(), shippingAddress: past })).toEqual(
      expect.arrayContaining([
        { pointer: '/shippingAddress/name', message: 'must be 1 to 200 characters' },
        { pointer: '/shippingAddress/line1', message: 'must be 1 to 200 characters' },
        { pointer: '/shippingAddress/postalCode', message: 'must be 1 to 20 characters' },
        { pointer: '/shippingAddress/city', message: 'must be 1 to 100 characters' },
        { pointer: '/shippingAddress/region', message: 'must be 1 to 100 characters' },
        { pointer: '/shippingAddress/countryCode', message: 'must be an ISO 3166-1 alpha-2 code' },
        { pointer: '/shippingAddress/phone', message: 'is not a known property' },
      ]),
    );
    expect(await problems({ ...validBody(), shippingAddress: { line2: null } })).toEqual([
      { pointer: '/shippingAddress/line1', message: 'is required' },
      { pointer: '/shippingAddress/line2', message: 'must be a string' },
      { pointer: '/shippingAddress/city', message: 'is required' },
      { pointer: '/shippingAddress/countryCode', message: 'is required' },
    ]);
  });

  it('refuses a quantity sent as a string rather than coercing it', async () => {
    const body = validBody();
    (body.lineItems[0] as Record<string, unknown>).quantity = '2';
    expect(await problems(body)).toEqual(expect.arrayContaining([{ pointer: '/lineItems/0/quantity', message: 'must be an integer' }]));
  });

  it('reads placedAt in the ISO 8601 forms and hands it on as RFC 3339 in UTC', async () => {
    for (const [sent, utc] of [
      ['20260918T1015+0200', '2026-09-18T08:15:00.000Z'],
      ['2026-09-18T10:15', '2026-09-18T10:15:00.000Z'],
      ['2026-09-18T10:15:00,5-01:00', '2026-09-18T11:15:00.500Z'],
    ]) {
      const dto = (await pipe.transform({ ...validBody(), placedAt: sent }, metadata)) as CreateSalesOrderDto;
      expect([sent, dto.placedAt]).toEqual([sent, utc]);
    }
  });

  it('accepts leap days that exist and refuses those that do not', async () => {
    expect(await problems({ ...validBody(), placedAt: '2028-02-29T00:00:00Z' })).toEqual([]);
    expect(await problems({ ...validBody(), placedAt: '2026-09-18' })).toHaveLength(1);
    expect(await problems({ ...validBody(), placedAt: '2026-09-18T25:00:00Z' })).toHaveLength(1);
  });

  it('lists the full enumerations', () => {
    expect(CURRENCY_CODES).toHaveLength(166);
    expect(COUNTRY_CODES).toHaveLength(250);
    expect(new Set(COUNTRY_CODES).size).toBe(250);
    expect(COUNTRY_CODES.slice(0, 3)).toEqual(['AF', 'AX', 'AL']);
    expect(COUNTRY_CODES).toEqual(expect.arrayContaining(['PA', 'PE', 'US', 'GB', 'ZW', 'AN']));
  });
});
