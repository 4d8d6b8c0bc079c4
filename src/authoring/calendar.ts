// Row builders for calendar API writes used by pack generators: filled in by the pack 2.0 work.
export {};
