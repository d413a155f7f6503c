/**
 * The admin CLI's entry. Each group of commands is loaded only when named: `backup create` (run
 * by the server's schedule too) started in about 1.3 s when every command's imports, the whole
 * server's among them, came first.
 */
const [area, command, ...rest] = process.argv.slice(2);
if (area === 'sms') {
  const { smsCommand } = await import('../modules/sms/index.js');
  process.exitCode = await smsCommand(command, rest);
} else if (area === 'blobs') {
  const { blobsCommand } = await import('./blobs.js');
  process.exitCode = await blobsCommand(process.argv.slice(3));
} else if (area === 'backup' || area === 'restore') {
  const { backupCommand } = await import('./backup/index.js');
  process.exitCode = await backupCommand(area, process.argv.slice(3));
} else {
  const { userCommand } = await import('./users.js');
  await userCommand(area, command, rest);
}

// A module (its top-level awaits), with nothing to export.
export {};
