/** Linear's API has one endpoint, `https://api.linear.app/graphql`; paths are relative to the host. */
export function normalisePath(path: string): string {
  return path.split('?')[0]!.replace(/^\/+/, '').replace(/\/+$/, '');
}

export function isGraphqlPath(path: string): boolean {
  return normalisePath(path) === 'graphql';
}
