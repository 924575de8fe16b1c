// A text adventure state machine driven by a fixed script of commands.
package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

type Room struct {
	Name  string
	Exits map[string]string
	Items []string
	Lock  string // item required to enter
}

type Game struct {
	rooms     map[string]*Room
	here      string
	inventory []string
	moves     int
	over      bool
}

func newGame() *Game {
	rooms := map[string]*Room{
		"hall":    {Name: "Hall", Exits: map[string]string{"north": "library", "east": "kitchen"}},
		"library": {Name: "Library", Exits: map[string]string{"south": "hall"}, Items: []string{"key"}},
		"kitchen": {Name: "Kitchen", Exits: map[string]string{"west": "hall", "down": "cellar"}, Items: []string{"lamp", "bread"}},
		"cellar":  {Name: "Cellar", Exits: map[string]string{"up": "kitchen", "east": "vault"}, Lock: "lamp"},
		"vault":   {Name: "Vault", Exits: map[string]string{"west": "cellar"}, Items: []string{"treasure"}, Lock: "key"},
	}
	return &Game{rooms: rooms, here: "hall"}
}

func (g *Game) has(item string) bool { return slices.Contains(g.inventory, item) }

func (g *Game) describe() string {
	r := g.rooms[g.here]
	exits := make([]string, 0, len(r.Exits))
	for dir := range r.Exits {
		exits = append(exits, dir)
	}
	slices.Sort(exits)
	s := fmt.Sprintf("%s. Exits: %s.", r.Name, strings.Join(exits, ", "))
	if len(r.Items) > 0 {
		s += " You see: " + strings.Join(r.Items, ", ") + "."
	}
	return s
}

func (g *Game) Do(cmd string) string {
	g.moves++
	verb, obj, _ := strings.Cut(strings.ToLower(strings.TrimSpace(cmd)), " ")
	r := g.rooms[g.here]
	switch verb {
	case "look":
		return g.describe()
	case "go":
		dest, ok := r.Exits[obj]
		if !ok {
			return "You can't go " + obj + "."
		}
		if need := g.rooms[dest].Lock; need != "" && !g.has(need) {
			return fmt.Sprintf("The way %s is blocked; you need the %s.", obj, need)
		}
		g.here = dest
		return g.describe()
	case "take":
		i := slices.Index(r.Items, obj)
		if i < 0 {
			return "There is no " + obj + " here."
		}
		r.Items = slices.Delete(r.Items, i, i+1)
		g.inventory = append(g.inventory, obj)
		if obj == "treasure" {
			g.over = true
			return "You take the treasure. You win!"
		}
		return "Taken: " + obj + "."
	case "drop":
		i := slices.Index(g.inventory, obj)
		if i < 0 {
			return "You don't have " + obj + "."
		}
		g.inventory = slices.Delete(g.inventory, i, i+1)
		r.Items = append(r.Items, obj)
		return "Dropped: " + obj + "."
	case "inventory", "i":
		if len(g.inventory) == 0 {
			return "You carry nothing."
		}
		return "You carry: " + strings.Join(g.inventory, ", ") + "."
	default:
		g.moves--
		return fmt.Sprintf("I don't understand %q.", cmd)
	}
}

func main() {
	g := newGame()
	script := []string{
		"look", "go down", "go east", "take bread", "go down",
		"take lamp", "go down", "go east", "go up", "go west",
		"dance", "go north", "take key", "take key", "inventory",
		"drop bread", "go south", "go east", "go down", "go east",
		"take treasure",
	}
	for _, cmd := range script {
		fmt.Printf("> %-13s | %s\n", cmd, g.Do(cmd))
		if g.over {
			break
		}
	}
	for _, name := range slices.Sorted(maps.Keys(g.rooms)) {
		if items := g.rooms[name].Items; len(items) > 0 {
			fmt.Printf("left in %s: %v\n", name, items)
		}
	}
	fmt.Printf("Finished in %d moves carrying %v.\n", g.moves, g.inventory)
}

// Output:
// > look          | Hall. Exits: east, north.
// > go down       | You can't go down.
// > go east       | Kitchen. Exits: down, west. You see: lamp, bread.
// > take bread    | Taken: bread.
// > go down       | The way down is blocked; you need the lamp.
// > take lamp     | Taken: lamp.
// > go down       | Cellar. Exits: east, up.
// > go east       | The way east is blocked; you need the key.
// > go up         | Kitchen. Exits: down, west.
// > go west       | Hall. Exits: east, north.
// > dance         | I don't understand "dance".
// > go north      | Library. Exits: south. You see: key.
// > take key      | Taken: key.
// > take key      | There is no key here.
// > inventory     | You carry: bread, lamp, key.
// > drop bread    | Dropped: bread.
// > go south      | Hall. Exits: east, north.
// > go east       | Kitchen. Exits: down, west.
// > go down       | Cellar. Exits: east, up.
// > go east       | Vault. Exits: west. You see: treasure.
// > take treasure | You take the treasure. You win!
// left in library: [bread]
// Finished in 20 moves carrying [lamp key treasure].
