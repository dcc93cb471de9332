// How a gateway serving the token endpoint configures its HTTP (configureGateway): the form body, and every
// error on its path, even one raised before the endpoint runs, written as the OAuth error object.
import type { ProblemWriter } from '@gateway/platform';
import { TOKEN_ENDPOINT_PATH } from '../model/discovery';
import { oauthErrorOfProblem } from '../model/oauth-error';

const writeOAuthError: ProblemWriter = (problem, response) => {
  const error = oauthErrorOfProblem(problem);
  response.setHeader('Pragma', 'no-cache');
  response.status(error.status).json(error.body);
};

export const TOKEN_ENDPOINT_HTTP = { formBodyPaths: [TOKEN_ENDPOINT_PATH], problemWriters: { [TOKEN_ENDPOINT_PATH]: writeOAuthError } };
