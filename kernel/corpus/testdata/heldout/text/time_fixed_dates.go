// time with fixed dates: time.Date, Format layouts, Parse, Add/AddDate, Sub, Weekday, Truncate.
package main

import (
	"fmt"
	"time"
)

func main() {
	start := time.Date(2024, time.February, 27, 14, 30, 0, 0, time.UTC)
	fmt.Println(start)
	fmt.Println(start.Format(time.RFC3339))
	fmt.Println(start.Format("Mon Jan 2 15:04:05 2006"))
	fmt.Println(start.Format("02/01/2006 3:04PM"), start.Format(time.Kitchen))
	fmt.Println("weekday:", start.Weekday(), "yearday:", start.YearDay())

	for i := 0; i < 4; i++ {
		d := start.AddDate(0, 0, i)
		fmt.Printf("%s %-9s leap-day=%v\n", d.Format("2006-01-02"), d.Weekday(), d.Month() == time.February && d.Day() == 29)
	}

	later := start.Add(36*time.Hour + 15*time.Minute)
	fmt.Println("later:", later.Format(time.DateTime))
	diff := later.Sub(start)
	fmt.Println("diff:", diff, "hours:", diff.Hours(), "minutes:", diff.Minutes())

	endOfMonth := time.Date(2024, time.January, 31, 0, 0, 0, 0, time.UTC)
	fmt.Println("Jan 31 + 1 month:", endOfMonth.AddDate(0, 1, 0).Format(time.DateOnly))
	fmt.Println("normalized:", time.Date(2023, 14, 35, 25, 61, 0, 0, time.UTC).Format(time.DateTime))

	t, err := time.Parse("2006-01-02 15:04", "2025-07-04 09:05")
	if err != nil {
		fmt.Println("error:", err)
	}
	fmt.Println("parsed:", t.Format(time.RFC1123), t.Weekday())
	_, err = time.Parse(time.DateOnly, "2025-13-01")
	fmt.Println("error:", err)

	zone := time.FixedZone("UTC+5:30", 5*3600+1800)
	inZone := start.In(zone)
	fmt.Println("in zone:", inZone.Format("2006-01-02 15:04 MST -07:00"), inZone.Equal(start))

	tp, _ := time.Parse(time.RFC3339, "2024-11-05T23:59:59-05:00")
	fmt.Println("as UTC:", tp.UTC())

	birthday := time.Date(1990, time.May, 17, 0, 0, 0, 0, time.UTC)
	ref := time.Date(2024, time.May, 16, 0, 0, 0, 0, time.UTC)
	age := ref.Year() - birthday.Year()
	if ref.YearDay() < birthday.YearDay() {
		age--
	}
	fmt.Println("age on", ref.Format(time.DateOnly)+":", age)
	days := ref.Sub(birthday).Hours() / 24
	fmt.Printf("days alive: %.0f\n", days)

	stamp := time.Date(2024, 3, 10, 17, 47, 31, 500_000_000, time.UTC)
	fmt.Println(stamp.Truncate(time.Hour).Format(time.TimeOnly), stamp.Round(time.Minute).Format(time.TimeOnly))
	fmt.Println(stamp.Format("15:04:05.000"), stamp.Unix(), stamp.Before(start), stamp.After(start))

	d, _ := time.ParseDuration("1h15m30.5s")
	fmt.Println(d, d.Seconds(), time.Duration(90)*time.Second, (1500 * time.Millisecond).String())
	y, w := start.ISOWeek()
	fmt.Println("ISO week:", y, w, "month:", start.Month(), int(start.Month()))
}

// Output:
// 2024-02-27 14:30:00 +0000 UTC
// 2024-02-27T14:30:00Z
// Tue Feb 27 14:30:00 2024
// 27/02/2024 2:30PM 2:30PM
// weekday: Tuesday yearday: 58
// 2024-02-27 Tuesday   leap-day=false
// 2024-02-28 Wednesday leap-day=false
// 2024-02-29 Thursday  leap-day=true
// 2024-03-01 Friday    leap-day=false
// later: 2024-02-29 02:45:00
// diff: 36h15m0s hours: 36.25 minutes: 2175
// Jan 31 + 1 month: 2024-03-02
// normalized: 2024-03-07 02:01:00
// parsed: Fri, 04 Jul 2025 09:05:00 UTC Friday
// error: parsing time "2025-13-01": month out of range
// in zone: 2024-02-27 20:00 UTC+5:30 +05:30 true
// as UTC: 2024-11-06 04:59:59 +0000 UTC
// age on 2024-05-16: 34
// days alive: 12418
// 17:00:00 17:48:00
// 17:47:31.500 1710092851 false true
// 1h15m30.5s 4530.5 1m30s 1.5s
// ISO week: 2024 9 month: February 2
