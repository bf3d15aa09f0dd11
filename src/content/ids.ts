/** A game id from a folder name: "My Game!" → "my-game". */
export function idFromFolder(folder: string): string {
  return (
    folder
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'my-game'
  );
}
