// Package front is the type-checked front end of the Go kernel: before
// yaegi interprets a cell, the cell is parsed (ParseCell), type-checked
// with go/types against the session and the packages a cell can import
// (Session), and what yaegi would get wrong is lowered (RenameMain,
// SplitRedeclarations). docs/goexec.md, "The front end", says how the
// session is modelled and what it costs.
//
// # Packages from symbol tables
//
// The packages a cell imports are not compiled from source here: the kernel only has
// yaegi's symbol tables, which map "importpath/pkgname" to the package's
// exported names as reflect.Values (github.com/traefik/yaegi/stdlib.Symbols
// and kernel/symbols.Symbols). Importer turns such tables into
// *types.Package values, converting reflect types into go/types types, so
// that go/types checks a cell against exactly the API that yaegi offers.
//
// What the tables cannot tell, and therefore how the packages differ from
// ones type-checked from source:
//
//   - Parameter and result names are unknown: signatures have unnamed
//     parameters.
//   - Untyped rune constants (utf8.RuneError) are untyped int constants:
//     the tables only hold their value. Untyped bool and complex constants,
//     which yaegi extract writes as typed values, are made untyped again
//     when their type is the predeclared bool or complex128, so a constant
//     declared with an explicit bool or complex128 type becomes untyped.
//   - interface{} and any cannot be told apart; both are any. Nor can byte
//     and uint8, or rune and int32: types print as uint8 and int32.
//   - Aliases are lost inside types: os.Stat returns (fs.FileInfo, error),
//     not (os.FileInfo, error), which is the same type printed otherwise.
//     A table's own alias names (os.FileMode) are declared as aliases.
//   - Untyped float constants are the binary approximations that yaegi
//     extract wrote (math.Pi to about 150 decimal places), not the exact
//     decimal values of the source.
//   - reflect only lists the exported methods of a non-interface type, so
//     unexported methods are missing, with one exception: when a type
//     implements (by reflect.Type.Implements) an interface with unexported
//     methods that the Importer has met (go/ast.Expr, testing.TB,
//     reflect.Type...), those methods are added to the type, so that
//     "var e ast.Expr = &ast.Ident{}" type-checks. Referring to another
//     unexported method gives "has no field or method" instead of "cannot
//     refer to unexported method".
//   - Methods promoted from embedded fields are declared on the embedding
//     type itself (reflect does not say which methods are promoted). Method
//     sets, and so type checking, are the same; a types.Selection's index
//     path is not.
//   - Generic functions and types are not in the tables (yaegi cannot call
//     compiled generic code). A package whose table is missing or empty
//     (slices, maps, cmp: yaegi interprets their source instead) is not
//     imported: Import returns an *ImportError. A package with some
//     generic names (sync/atomic without Pointer[T], sync without
//     OnceFunc) is imported without them. An instantiated generic type met
//     through reflection (internal/sync.HashTrieMap[...], iter.Seq[int])
//     becomes an ordinary named type whose name is reflect's, brackets
//     included.
//   - Packages reached through types but not in the tables (internal/poll,
//     vendored packages) are created on demand and named after the last
//     element of their path (without a /vN or .vN major version suffix).
//   - Type declarations local to a function share their package path and
//     name with others; each distinct reflect.Type is a distinct named type.
package front
