import type { ApiRequest } from '../api.js';
import { queryList } from './query.js';
import type { Detail } from './representations.js';

/** `fields=a,b` selects exactly those (plus type, id, etag); otherwise the endpoint's default detail. */
export function requestedDetail(request: ApiRequest, fallback: Detail): Detail {
  const fields = queryList(request.query?.fields);
  return fields && fields.length > 0 ? { fields } : fallback;
}
