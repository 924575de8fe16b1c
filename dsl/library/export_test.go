package library

// NamesTable is namesTable, for the test of docs/sweep.md.
var NamesTable = namesTable
