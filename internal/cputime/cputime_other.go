//go:build !unix

package cputime

import "time"

func now() time.Duration { return -1 }
