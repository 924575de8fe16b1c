// Package dsl implements the sweep language: a small text format in which
// a researcher writes a paper's whole comparison (data set, held-out test
// set, model, learner and sampler with their parameters, the axes to vary, the repeats, the
// measurements and the report) in about ten lines, and the machinery that
// runs it: lexer, parser, checker, planner, runner, result store, summary
// statistics and cluster job files.
//
// An example, the flip-the-state paper's Table 1 (Brügge, Fischer and Igel
// 2013): 3 learners × 2 samplers × 3 learning rates × 25 repeats.
//
//	# Table 1, Bars and Stripes
//	sweep "flip-the-state table 1"
//	seed 2013
//	repeat 25
//	updates 20000
//	data  bars_stripes(size = 4)
//	model binary(hidden = 16)
//	axis learner = [cd, pcd, pt]
//	axis sampler = [gibbs, flip]
//	axis rate    = [0.01, 0.05, 0.1]
//	learner $learner(rate = $rate, k = if $learner == cd then 5 else 1)
//	sampler $sampler
//	measure loglik every 100
//	summary median, q(0.25), q(0.75) of max loglik by learner, sampler, rate
//	compare sampler flip vs gibbs on max loglik by learner, rate
//
// A test statement names a held-out data set, which the measures with
// on = test score: the average test log-likelihood of 5 learners × 3
// trials on MNIST, trained on 8,000 digits and scored on 1,000 others.
//
//	seed 3
//	repeat 3
//	updates 20000
//	data  mnist(n = 8000)
//	test  mnist(skip = 9000, n = 1000)
//	model binary(hidden = 25, base_rate = true)
//	axis learner = [cd, pcd, pt, sdcp, csdcp]
//	learner $learner(rate = 0.01, batch = 100)
//	measure ais(on = test) every 5000
//	summary mean, sd of final ais by learner
//
// # Grammar
//
// In EBNF (as in the Go specification). A statement ends at a newline;
// inside brackets newlines are free. Comments run from # or // to the end
// of the line. Keywords are contextual: they are identifiers with a meaning
// where the grammar expects them, so a parameter may be called seed.
//
//	File      = { Stmt newline } .
//	Stmt      = Setting | Component | Axis | Skip | Measure | Summary | Compare | Asha .
//	Setting   = "sweep" string | "seed" int | "repeat" int | "updates" int .
//	Component = ( "data" | "test" | "model" | "learner" | "sampler" ) Head [ Args ] .
//	Head      = ident | "$" ident .
//	Args      = "(" [ ident "=" Expr { "," ident "=" Expr } [ "," ] ] ")" .
//	Axis      = "axis" ident "=" Gen
//	          | "axis" "(" ident { "," ident } ")" "=" ( TupleList | Zip | Sample ) .
//	Gen       = List | "range" "(" int "," int [ "," int ] ")"
//	          | ( "linspace" | "logspace" ) "(" number "," number "," int ")"
//	          | Sample .
//	Sample    = "sample" "(" int "," Dist { "," Dist } ")" .
//	Dist      = ( "uniform" | "loguniform" | "intuniform" ) "(" number "," number ")" .
//	TupleList = "[" Tuple { "," Tuple } [ "," ] "]" .
//	Tuple     = "(" Const { "," Const } ")" .
//	Zip       = "zip" "(" Gen { "," Gen } ")" .
//	List      = "[" Const { "," Const } [ "," ] "]" .
//	Skip      = "skip" "if" Cond .
//	Measure   = "measure" ident [ Args ] [ "every" int ] .
//	Summary   = "summary" Stat { "," Stat } "of" Reduce ident [ By ] .
//	Stat      = "median" | "mean" | "sd" | "min" | "max" | "n" | "q" "(" number ")" .
//	Reduce    = "max" | "min" | "final" | "mean" .
//	Compare   = "compare" ident Const "vs" Const "on" Reduce ident [ By ] [ "at" number ] .
//	By        = "by" ident { "," ident } .
//	Asha      = "asha" "on" ident [ "higher" | "lower" ] "from" int [ "eta" int ] .
//	Expr      = "if" Cond "then" Expr "else" Expr | Const | "$" ident .
//	Cond      = And { "or" And } .
//	And       = Rel { "and" Rel } .
//	Rel       = "not" Rel | "(" Cond ")"
//	          | Value ( "==" | "!=" | "<" | "<=" | ">" | ">=" ) Value
//	          | Value "in" "[" Value { "," Value } "]" .
//	Value     = Const | "$" ident .
//	Const     = [ "-" ] number | string | "true" | "false" | ident .
//	number    = int | float .
//
// Values have one of five types: int, float (an int is accepted where a
// float is wanted), string (quoted, with Go escapes), bool and name (a bare
// identifier: a registry name such as gibbs, or a level such as cd).
//
// # Meaning
//
// Names of data sets, models, learners, samplers and measurements resolve
// through a Registry; every entry lists its parameters with their types and
// defaults. `$axis` stands for the level of an axis in the run at hand; a
// component whose head is `$axis` is, in each run, the entry named by that
// level, and an argument is passed to every level that has the parameter
// (it must exist in at least one). range includes its end when reached;
// linspace and logspace include both ends, and logspace takes the end
// values themselves (logspace(0.001, 0.1, 3) is 0.001, 0.01, 0.1), not
// exponents as numpy's does. Zipped axes move together: `axis (d, h) =
// [(3, 6), (4, 8)]` has two levels, not four.
//
// The data statement names the training set; the optional test statement
// a held-out data set of the same registry names (Spec.Test, Config.Test).
// A measurement's parameter on (OnParam) says which one it scores: train,
// its default, or test. The checker refuses on = test (or an axis level
// test) without a test statement, and a test set whose width
// (Entry.Width) differs from the training set's; NewPlan checks the widths
// of every run where they depend on an axis.
//
// The plan is the cartesian product of the axes (zip groups counting as
// one), without the combinations a skip condition selects, times the
// repeats; the repeat varies slowest, then the axes in declaration order
// (the last fastest). Each run has a key, a hex prefix of the SHA-256 of
// its canonical JSON configuration (axes, resolved parameters with their
// defaults, repeat, sweep seed), which names its result file, and a seed
// derived from the sweep seed, the repeat and the axis levels without the
// compared axes (those of compare statements and the axes zipped with
// them), so that the runs a comparison pairs share their random numbers.
// A configuration without a test statement has no test field, and a
// parameter marked Param.OmitDefault is left out of it at its default, so
// that parameters added later (on, mnist's skip) keep the keys of sweeps
// written before them.
//
// # Errors
//
// ParseFile, Check and Compile report every error at once, before anything
// runs, as a go/scanner.ErrorList sorted by position: each entry prints as
// file:line:col: message, naming the offending text and, for an unknown
// name, the closest known one ("did you mean gibbs?"). The parser never
// panics (it is fuzzed) and returns a partial tree.
//
// # Running
//
// Run executes a Plan with a RunFunc on N workers, writing one result file
// per run atomically into a Store; runs with a result are skipped, so a
// killed sweep is restarted by running it again. Shard selects every n-th
// run for array jobs on a cluster (ShardFromEnv reads Slurm's and
// Kubernetes' variables); Sbatch and KubeJob write the job files. Store
// lists missing runs and WriteCSV writes all results as one long table.
//
// An asha statement (ASHA) stops runs that are behind at rungs of updates
// from·eta^k, by asynchronous successive halving: Run hands each run a
// Job.Observe, which records the run's value at a rung and ranks it
// against what the plan's other runs recorded there so far; a stopped
// run's result says why (Result.Stopped) and stays stopped until the rule
// changes. The rule is not part of the run keys.
// LoadResults, Summarize, Compare and NewReport compute the summaries and
// Wilcoxon signed-rank tests (with the Hodges–Lehmann shift and Holm's
// correction over a table's cells), also from a notebook.
//
// RunSource is the one sequence of a sweep from its source: compile with
// -set overrides, plan, open the result folder, run, read the report back.
// The command line's `sweep run` and the %%sweep cell magic both call it;
// WriteCheck, WritePlan, WriteStatus, Collect, PlotFile and DescribeName
// are what the other verbs print. The command line itself (one flag set
// per verb, exit statuses) is cmd/rbm-kernel's.
//
// # The library
//
// The language does not import the RBM library. It knows the library
// through a Registry of named entries (Entry: a data set, model, sampler,
// learner or measurement with its parameters, and for the last three the
// models they work on, Entry.Models, which the checker enforces) and a
// RunFunc. Package dsl/library is the binding: its Registry and Run, and
// it binds itself to this package when imported (Bind), so that Library
// and RunLibrary, which notebooks call, are its own. A program that
// runs sweeps imports dsl/library (cmd/rbm-kernel and kernel/goexec do).
package dsl
