// A failure that is not about the records: usage, the model module, I/O. The CLI prints its
// message on one line and exits with code 2.

export class CliError extends Error {
  override readonly name = "CliError";
}
