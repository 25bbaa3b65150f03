import { repositoryCall, signedIn, type TMatrixCase } from '../../testing/authorization-matrix/matrix-kit.ts';
import { sceneStock } from '../assets/assets.matrix.fixture.ts';

// The matrix app configures no market-data provider: who passes the access checks then hears 400 (the
// access checks come first, so a stranger still gets 404 and a reader 403).
export const marketDataMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/sec_master/:id',
    request: async (scene) => ({ url: `/api/sec_master/${await sceneStock(scene)}` }),
    expected: repositoryCall('read'),
  },
  {
    method: 'PUT',
    route: '/api/sec_master/:id',
    request: async (scene) => ({
      url: `/api/sec_master/${await sceneStock(scene)}`,
      body: { symbol: 'AAPL' },
    }),
    expected: repositoryCall('write', 400),
  },
  {
    method: 'DELETE',
    route: '/api/sec_master/:id',
    request: async (scene) => ({ url: `/api/sec_master/${await sceneStock(scene)}` }),
    expected: repositoryCall('write'),
  },
  {
    // The WebSocket channel: the upgrade needs a session; a search reads no repository. A plain GET is a 400.
    method: 'GET',
    route: '/api/ws/security_master',
    label: 'without an upgrade',
    request: () => ({ url: '/api/ws/security_master' }),
    expected: signedIn(400),
  },
  {
    method: 'GET',
    route: '/api/market_data/daily_prices',
    request: (scene) => ({ url: `/api/market_data/daily_prices?repo_id=${scene.repositoryId}&tickers=AAPL` }),
    expected: repositoryCall('read'),
  },
  {
    method: 'GET',
    route: '/api/market_data/status',
    request: (scene) => ({ url: `/api/market_data/status?repo_id=${scene.repositoryId}` }),
    expected: repositoryCall('read'),
  },
  {
    method: 'POST',
    route: '/api/market_data/sync',
    request: (scene) => ({ url: '/api/market_data/sync', body: { repository_id: scene.repositoryId } }),
    expected: repositoryCall('write', 400),
  },
];
