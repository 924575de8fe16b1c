// encoding/json round trips of nested structs with tags, omitempty, slices, maps and MarshalIndent.
package main

import (
	"encoding/json"
	"fmt"
	"strings"
)

type Address struct {
	Street string `json:"street"`
	City   string `json:"city"`
	Zip    string `json:"zip,omitempty"`
}

type Employee struct {
	ID       int               `json:"id"`
	Name     string            `json:"name"`
	Email    string            `json:"email,omitempty"`
	Salary   float64           `json:"-"`
	Active   bool              `json:"active"`
	Skills   []string          `json:"skills,omitempty"`
	Address  *Address          `json:"address,omitempty"`
	Meta     map[string]string `json:"meta,omitempty"`
	internal string
}

type Team struct {
	Name    string     `json:"team_name"`
	Members []Employee `json:"members"`
	Budget  int        `json:"budget,string"`
}

func main() {
	e := Employee{ID: 1, Name: "Ada", Salary: 9000, Active: true, internal: "secret"}
	data, err := json.Marshal(e)
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Println(string(data))

	team := Team{
		Name:   "Platform",
		Budget: 125000,
		Members: []Employee{
			{ID: 2, Name: "Grace", Email: "grace@example.com", Active: true,
				Skills:  []string{"cobol", "compilers"},
				Address: &Address{Street: "1 Navy Way", City: "Arlington"},
				Meta:    map[string]string{"zeta": "last", "alpha": "first"}},
			{ID: 3, Name: "Linus", Active: false},
		},
	}
	pretty, _ := json.MarshalIndent(team, "", "  ")
	fmt.Println(string(pretty))

	input := `{"team_name":"Data","budget":"5000","members":[
		{"id":7,"name":"Edsger","active":true,"skills":["algorithms"],
		 "address":{"street":"Main 5","city":"Austin","zip":"78701"},"unknown":1}]}`
	var decoded Team
	if err := json.Unmarshal([]byte(input), &decoded); err != nil {
		fmt.Println("error:", err)
		return
	}
	m := decoded.Members[0]
	fmt.Printf("%s budget=%d members=%d\n", decoded.Name, decoded.Budget, len(decoded.Members))
	fmt.Printf("%+v\n", *m.Address)
	fmt.Println(m.Name, m.Skills, m.Active, m.Email == "")

	var generic map[string]any
	json.Unmarshal([]byte(`{"n":1.5,"list":[1,"two",null,true],"obj":{"k":"v"}}`), &generic)
	fmt.Printf("%T %T %T\n", generic["n"], generic["list"], generic["obj"])
	fmt.Println(generic["list"])

	var bad Employee
	err = json.Unmarshal([]byte(`{"id":"not a number"}`), &bad)
	fmt.Println("error:", err)

	dec := json.NewDecoder(strings.NewReader(`{"street":"A","city":"B"} {"street":"C","city":"D","zip":"9"}`))
	for dec.More() {
		var a Address
		if err := dec.Decode(&a); err != nil {
			break
		}
		fmt.Printf("%s/%s/%q\n", a.Street, a.City, a.Zip)
	}
	special, _ := json.Marshal(map[string]any{"html": "<b>&</b>", "b": []byte("hi"), "nil": nil})
	fmt.Println(string(special))
}

// Output:
// {"id":1,"name":"Ada","active":true}
// {
//   "team_name": "Platform",
//   "members": [
//     {
//       "id": 2,
//       "name": "Grace",
//       "email": "grace@example.com",
//       "active": true,
//       "skills": [
//         "cobol",
//         "compilers"
//       ],
//       "address": {
//         "street": "1 Navy Way",
//         "city": "Arlington"
//       },
//       "meta": {
//         "alpha": "first",
//         "zeta": "last"
//       }
//     },
//     {
//       "id": 3,
//       "name": "Linus",
//       "active": false
//     }
//   ],
//   "budget": "125000"
// }
// Data budget=5000 members=1
// {Street:Main 5 City:Austin Zip:78701}
// Edsger [algorithms] true true
// float64 []interface {} map[string]interface {}
// [1 two <nil> true]
// error: json: cannot unmarshal string into Go struct field Employee.id of type int
// A/B/""
// C/D/"9"
// {"b":"aGk=","html":"\u003cb\u003e\u0026\u003c/b\u003e","nil":null}
