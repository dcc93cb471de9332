export const TEMPLATE_DATABASE = 'gateway_test_template';
export const TEST_ENV = { adminUrl: 'GATEWAY_TEST_ADMIN_URL', dataDir: 'GATEWAY_TEST_DATA_DIR' } as const;
